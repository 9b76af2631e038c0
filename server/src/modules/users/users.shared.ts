// What the users area offers other areas (decision 0316): reading a user, the sign-in candidates and the
// users CSV rows, and writing an account or a membership, each with the db/transaction handle first so a
// caller's transaction (sign-up, invite, approval, SSO) spans the call. One query each, in users.repository.ts.
export {
  findLoginCandidates,
  findUsersForExport,
  findUserView,
  insertMembership,
  insertUser,
  loginNameTaken,
  type NewUser,
  selectUserView,
  toUser,
  type UserViewRow,
  updateUser,
} from './users.repository.ts';
