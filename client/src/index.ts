export type { AccountMethods, ChangeUserPasswordBody } from './account.ts';
export type { AuthMethods, VerifyLoginBody } from './auth.ts';
export { type ApiClient, type ClientOptions, createApiClient } from './client.ts';
export type { RequestOptions } from './core.ts';
export { ApiRequestError, clientMessages, NetworkError } from './errors.ts';
export type { paths } from './openapi.ts';
export {
  emptySession,
  localStorageStore,
  memoryStore,
  type SessionState,
  type SessionStore,
} from './session.ts';
export type { HttpMethod, Query, QueryValue } from './transport.ts';
export {
  type ApiBody,
  type ApiOperation,
  type ApiPath,
  type ApiQuery,
  type ApiResult,
  type CallOptions,
  call,
  fillPath,
  type PathsFor,
  type Requester,
} from './typed.ts';
export type { AttachmentEntry, MultipartOptions, UploadedAttachment, UploadMethods } from './uploads.ts';
