/**
 * The routes the server serves, as TypeScript types: written by `npm run api:types` from the
 * server's own OpenAPI document (server/src/openapi/). Do not edit by hand; the test
 * server/test/openapi-types.test.ts fails when this file is not what the server now produces.
 */

export interface paths {
  "/v1/health-check": {
    /** Is the service up: database and job queue; the audit trail's last verified position */
    get: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              status: "ok" | "degraded";
              version: string;
              uptimeSeconds: number;
              database: {
                status: "ok" | "down";
                latencyMs?: number;
                detail?: string;
              };
              jobs: {
                status: "ok" | "down";
                latencyMs?: number;
                detail?: string;
              };
              auditTrail: {
                status: "verified" | "broken" | "unverified" | "unknown";
                /** Format: date-time */
                verifiedAt?: string;
                lastAuditId?: string | null;
                lastAt?: string | null;
              };
            };
          };
        };
      };
    };
  };
  "/v1/login": {
    /**
     * Sign in with a password
     * @description A right password that opens no session says why: 403 ASSESSOR_SIGN_IN_REQUIRED (use /v1/login/assessor) or ACCOUNT_PENDING_APPROVAL (an account request still waits).
     */
    post: {
      requestBody: {
        content: {
          "application/json": {
            email?: string;
            username?: string;
            password: string;
            /** Format: uuid */
            platformId?: string;
            /** Format: uuid */
            organisationId?: string;
            deviceToken?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
              token: string;
              refreshToken: string;
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              organisationId: string | null;
              /** Format: date-time */
              expiresAt?: string;
              /** Format: date-time */
              endsAt?: string;
            }) | ({
              /** @enum {boolean} */
              requiresMfa: true;
              sessionId: string;
              methods?: ("totp" | "sms")[];
            });
          };
        };
      };
    };
  };
  "/v1/login/assessor": {
    /**
     * Sign in as an assessor
     * @description A right password of an account that is not an assessor's answers 403 STANDARD_SIGN_IN_REQUIRED (use /v1/login).
     */
    post: {
      requestBody: {
        content: {
          "application/json": {
            email?: string;
            username?: string;
            password: string;
            /** Format: uuid */
            platformId?: string;
            /** Format: uuid */
            organisationId?: string;
            deviceToken?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
              token: string;
              refreshToken: string;
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              organisationId: string | null;
              /** Format: date-time */
              expiresAt?: string;
              /** Format: date-time */
              endsAt?: string;
            }) | ({
              /** @enum {boolean} */
              requiresMfa: true;
              sessionId: string;
              methods?: ("totp" | "sms")[];
            });
          };
        };
      };
    };
  };
  "/v1/login/verify": {
    /** Second sign-in step: the code of a second factor (bearer = the sessionId of the login answer) */
    post: {
      requestBody: {
        content: {
          "application/json": {
            sessionId?: string;
            /** @description the 6-digit code; spaces are ignored */
            code: string;
            method?: "totp" | "sms";
            phoneNumber?: string | "" | null;
            /** Format: uuid */
            organisationId?: string;
            rememberDevice?: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              token: string;
              refreshToken: string;
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              organisationId: string | null;
              /** Format: date-time */
              expiresAt?: string;
              /** Format: date-time */
              endsAt?: string;
              deviceToken?: string;
            };
          };
        };
      };
    };
  };
  "/v1/login/recovery": {
    /** Second sign-in step with a recovery code instead of a factor's code (bearer = the sessionId of the login answer); each code works once */
    post: {
      requestBody: {
        content: {
          "application/json": {
            sessionId?: string;
            /** @description a recovery code; spaces and dashes are ignored */
            code: string;
            /** Format: uuid */
            organisationId?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              token: string;
              refreshToken: string;
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              organisationId: string | null;
              /** Format: date-time */
              expiresAt?: string;
              /** Format: date-time */
              endsAt?: string;
            };
          };
        };
      };
    };
  };
  "/v1/verify/access-token": {
    /** Sign in with a one-time token from an emailed link (single use) */
    post: {
      requestBody: {
        content: {
          "application/json": {
            token: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
              token: string;
              refreshToken: string;
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              organisationId: string | null;
              /** Format: date-time */
              expiresAt?: string;
              /** Format: date-time */
              endsAt?: string;
            }) | ({
              /** @enum {boolean} */
              requiresMfa: true;
              sessionId: string;
              methods?: ("totp" | "sms")[];
            });
          };
        };
      };
    };
  };
  "/v1/token": {
    /** Renew the access token (the refresh token rotates) */
    post: {
      requestBody: {
        content: {
          "application/json": {
            refreshToken: string;
            userId?: string | null;
            platformId?: string | null;
            organisationId?: string | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              organisationId: string | null;
              token: string;
              refreshToken: string;
              /** Format: date-time */
              expiresAt?: string;
              /** Format: date-time */
              endsAt?: string;
            };
          };
        };
      };
    };
  };
  "/v1/logout": {
    /** Sign out: ends this session */
    post: {
      requestBody: {
        content: {
          "application/json": {
            pushInstanceId?: string | null;
            refreshToken?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
  };
  "/v1/users/@me/sessions": {
    /** Where you are signed in: one entry per session, the current one marked */
    get: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                userAgent: string | null;
                ip: string | null;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                lastUsedAt: string;
                current: boolean;
              })[];
          };
        };
      };
    };
    /** Sign out everywhere: every session of yours ends, this one too */
    delete: {
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
  };
  "/v1/users/@me/sessions/{id}": {
    /** Sign out one session (its device must sign in again) */
    delete: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
  };
  "/v1/users/{id}": {
    /** One user; `@me` is the caller. `includeSettings` adds phone, preferences and requests */
    get: {
      parameters: {
        query?: {
          includeReporting?: boolean;
          includeSettings?: boolean;
        };
        path: {
          /** @description a user id, or `@me` for the caller */
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              platformName: string;
              email: string;
              username: string | null;
              firstName: string;
              lastName: string;
              language: string;
              accountType: string;
              deactivated: boolean;
              organisationId: string | null;
              memberships: ({
                  role: "reporter" | "organisation_staff" | "organisation_admin" | "assessor" | "platform_admin" | "system_admin";
                  organisationId: string | null;
                  organisationName: string | null;
                })[];
              /** Format: date-time */
              createdAt: string;
              phone?: string | null;
              preferences?: {
                [key: string]: unknown;
              };
              deletionRequestedAt?: string | null;
              changeRequestStatus?: ("pending" | "approved" | "declined") | null;
              groups?: {
                  /** Format: uuid */
                  id: string;
                  name: string;
                  /** Format: uuid */
                  organisationId: string;
                }[];
              pendingEmail?: string | null;
              canManageAccount?: boolean;
            };
          };
        };
      };
    };
    /** Update a user; `@me` allowed. Own email/username changes become change requests */
    put: {
      parameters: {
        path: {
          /** @description a user id, or `@me` for the caller */
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            firstName?: string;
            lastName?: string;
            language?: string;
            phone?: string | null;
            preferences?: {
              [key: string]: unknown;
            };
            /** Format: email */
            email?: string;
            username?: string | null;
            requestMembership?: {
              /** Format: uuid */
              organisationId: string;
              role: "reporter" | "organisation_staff";
            };
            memberships?: ({
                organisationId: string | null;
                role: "reporter" | "organisation_staff" | "organisation_admin" | "assessor" | "platform_admin" | "system_admin";
              })[];
            accountType?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              platformName: string;
              email: string;
              username: string | null;
              firstName: string;
              lastName: string;
              language: string;
              accountType: string;
              deactivated: boolean;
              organisationId: string | null;
              memberships: ({
                  role: "reporter" | "organisation_staff" | "organisation_admin" | "assessor" | "platform_admin" | "system_admin";
                  organisationId: string | null;
                  organisationName: string | null;
                })[];
              /** Format: date-time */
              createdAt: string;
              phone?: string | null;
              preferences?: {
                [key: string]: unknown;
              };
              deletionRequestedAt?: string | null;
              changeRequestStatus?: ("pending" | "approved" | "declined") | null;
              groups?: {
                  /** Format: uuid */
                  id: string;
                  name: string;
                  /** Format: uuid */
                  organisationId: string;
                }[];
              pendingEmail?: string | null;
              canManageAccount?: boolean;
            };
          };
        };
      };
    };
    /** Permanent deletion: personal data removed; reports and audit kept (say why in `reason`) */
    delete: {
      parameters: {
        path: {
          /** @description a user id, or `@me` for the caller */
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            reason?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
  };
  "/v1/users": {
    /** Search the users an administrator manages */
    get: {
      parameters: {
        query?: {
          query?: string;
          page?: number;
          size?: number;
          organisationIds?: string[];
          roleIds?: ("reporter" | "organisation_staff" | "organisation_admin" | "assessor" | "platform_admin" | "system_admin")[];
          changeRequestStatuses?: ("pending" | "approved" | "declined")[];
          includeDeactivated?: boolean;
          includeOnlyDeletionRequests?: boolean;
          accountTypes?: string[];
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              items: ({
                  /** Format: uuid */
                  id: string;
                  /** Format: uuid */
                  platformId: string;
                  platformName: string;
                  email: string;
                  username: string | null;
                  firstName: string;
                  lastName: string;
                  language: string;
                  accountType: string;
                  deactivated: boolean;
                  organisationId: string | null;
                  memberships: ({
                      role: "reporter" | "organisation_staff" | "organisation_admin" | "assessor" | "platform_admin" | "system_admin";
                      organisationId: string | null;
                      organisationName: string | null;
                    })[];
                  /** Format: date-time */
                  createdAt: string;
                  phone?: string | null;
                  preferences?: {
                    [key: string]: unknown;
                  };
                  deletionRequestedAt?: string | null;
                  changeRequestStatus?: ("pending" | "approved" | "declined") | null;
                  groups?: {
                      /** Format: uuid */
                      id: string;
                      name: string;
                      /** Format: uuid */
                      organisationId: string;
                    }[];
                  pendingEmail?: string | null;
                  canManageAccount?: boolean;
                })[];
              page: number;
              size: number;
              total: number;
            };
          };
        };
      };
    };
    /** Create an account with its roles (administrators) */
    post: {
      requestBody: {
        content: {
          "application/json": {
            /** Format: email */
            email: string;
            username?: string | null;
            firstName: string;
            lastName: string;
            language?: string;
            phone?: string | null;
            accountType?: string;
            password?: string;
            memberships: ({
                organisationId: string | null;
                role: "reporter" | "organisation_staff" | "organisation_admin" | "assessor" | "platform_admin" | "system_admin";
              })[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              platformName: string;
              email: string;
              username: string | null;
              firstName: string;
              lastName: string;
              language: string;
              accountType: string;
              deactivated: boolean;
              organisationId: string | null;
              memberships: ({
                  role: "reporter" | "organisation_staff" | "organisation_admin" | "assessor" | "platform_admin" | "system_admin";
                  organisationId: string | null;
                  organisationName: string | null;
                })[];
              /** Format: date-time */
              createdAt: string;
              phone?: string | null;
              preferences?: {
                [key: string]: unknown;
              };
              deletionRequestedAt?: string | null;
              changeRequestStatus?: ("pending" | "approved" | "declined") | null;
              groups?: {
                  /** Format: uuid */
                  id: string;
                  name: string;
                  /** Format: uuid */
                  organisationId: string;
                }[];
              pendingEmail?: string | null;
              canManageAccount?: boolean;
            };
          };
        };
      };
    };
  };
  "/v1/users/{id}/toggle-deactivate": {
    /** Deactivate (ending every session; say why in `reason`) or reactivate a user */
    put: {
      parameters: {
        path: {
          /** @description a user id, or `@me` for the caller */
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            reason?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              platformName: string;
              email: string;
              username: string | null;
              firstName: string;
              lastName: string;
              language: string;
              accountType: string;
              deactivated: boolean;
              organisationId: string | null;
              memberships: ({
                  role: "reporter" | "organisation_staff" | "organisation_admin" | "assessor" | "platform_admin" | "system_admin";
                  organisationId: string | null;
                  organisationName: string | null;
                })[];
              /** Format: date-time */
              createdAt: string;
              phone?: string | null;
              preferences?: {
                [key: string]: unknown;
              };
              deletionRequestedAt?: string | null;
              changeRequestStatus?: ("pending" | "approved" | "declined") | null;
              groups?: {
                  /** Format: uuid */
                  id: string;
                  name: string;
                  /** Format: uuid */
                  organisationId: string;
                }[];
              pendingEmail?: string | null;
              canManageAccount?: boolean;
            };
          };
        };
      };
    };
  };
  "/v1/users/{id}/memberships/{organisationId}": {
    /** Remove a user from one organisation (roles, groups and preferences there); the account and its other organisations stay */
    delete: {
      parameters: {
        path: {
          /** @description a user id, or `@me` for the caller */
          id: string;
          organisationId: string;
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
  };
  "/v1/users/@me/request-account-deletion": {
    /** Ask for your account to be deleted */
    put: {
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
    /** Withdraw your request for your account to be deleted */
    delete: {
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
  };
  "/v1/users/@me/following": {
    /** What you follow */
    get: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
                type: string;
                id: string;
                /** Format: date-time */
                createdAt: string;
              }[];
          };
        };
      };
    };
  };
  "/v1/users/@me/edit-watchlist": {
    /** Follow and unfollow items; answers the watchlist */
    post: {
      requestBody: {
        content: {
          "application/json": {
            follow?: {
                type: string;
                id: string;
              }[];
            unfollow?: {
                type: string;
                id: string;
              }[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
                type: string;
                id: string;
                /** Format: date-time */
                createdAt: string;
              }[];
          };
        };
      };
    };
  };
  "/v1/users/@me/workspace": {
    /** Your current and other organisations */
    get: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              platformId: string;
              platformName: string;
              current: ({
                /** Format: uuid */
                id: string;
                name: string;
                kind: string;
                roles: ("reporter" | "organisation_staff" | "organisation_admin" | "assessor" | "platform_admin" | "system_admin")[];
              }) | null;
              workspaces: ({
                  /** Format: uuid */
                  id: string;
                  name: string;
                  kind: string;
                  roles: ("reporter" | "organisation_staff" | "organisation_admin" | "assessor" | "platform_admin" | "system_admin")[];
                })[];
            };
          };
        };
      };
    };
  };
  "/v1/users/@me/push-token": {
    /** Set or clear your push token */
    put: {
      requestBody: {
        content: {
          "application/json": {
            pushToken: string | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
  };
  "/v1/users/{id}/organisation-preferences": {
    /** A user's preferences per organisation */
    get: {
      parameters: {
        path: {
          /** @description a user id, or `@me` for the caller */
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                organisationId: string;
                organisationName: string;
                preferences: {
                  [key: string]: unknown;
                };
                updatedAt: string | null;
              })[];
          };
        };
      };
    };
    /** Replace a user's preferences for the organisations named */
    put: {
      parameters: {
        path: {
          /** @description a user id, or `@me` for the caller */
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            items: {
                /** Format: uuid */
                organisationId: string;
                preferences: {
                  [key: string]: unknown;
                };
              }[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                organisationId: string;
                organisationName: string;
                preferences: {
                  [key: string]: unknown;
                };
                updatedAt: string | null;
              })[];
          };
        };
      };
    };
  };
  "/v1/users/{id}/organisation-preferences/count": {
    /** How many organisation preferences */
    get: {
      parameters: {
        path: {
          /** @description a user id, or `@me` for the caller */
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": number;
          };
        };
      };
    };
  };
  "/v1/users/export": {
    /** The users in your scope as CSV (answered directly; decision 0011) */
    post: {
      requestBody: {
        content: {
          "application/json": {
            roles?: ("reporter" | "organisation_staff" | "organisation_admin" | "assessor" | "platform_admin" | "system_admin")[];
            organisationId?: string | null;
            platformId?: string | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "text/csv": string;
          };
        };
      };
    };
  };
  "/v1/users/invited/{id}": {
    /** The account behind an organisation invite */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              inviteId: string;
              email: string;
              /** Format: uuid */
              organisationId: string;
              organisationName: string;
              role: "reporter" | "organisation_staff" | "organisation_admin" | "assessor" | "platform_admin" | "system_admin";
              status: string;
              user: ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                platformId: string;
                platformName: string;
                email: string;
                username: string | null;
                firstName: string;
                lastName: string;
                language: string;
                accountType: string;
                deactivated: boolean;
                organisationId: string | null;
                memberships: ({
                    role: "reporter" | "organisation_staff" | "organisation_admin" | "assessor" | "platform_admin" | "system_admin";
                    organisationId: string | null;
                    organisationName: string | null;
                  })[];
                /** Format: date-time */
                createdAt: string;
                phone?: string | null;
                preferences?: {
                  [key: string]: unknown;
                };
                deletionRequestedAt?: string | null;
                changeRequestStatus?: ("pending" | "approved" | "declined") | null;
                groups?: {
                    /** Format: uuid */
                    id: string;
                    name: string;
                    /** Format: uuid */
                    organisationId: string;
                  }[];
                pendingEmail?: string | null;
                canManageAccount?: boolean;
              }) | null;
            };
          };
        };
      };
    };
  };
  "/v1/account/request": {
    /** Ask for an account; an administrator of the organisation approves it */
    post: {
      requestBody: {
        content: {
          "application/json": {
            /** Format: email */
            email: string;
            firstName: string;
            lastName: string;
            password: string;
            /** Format: uuid */
            organisationId: string;
            role?: "reporter" | "organisation_staff";
            language?: string;
            message?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        202: {
          content: {
            "application/json": {
              /** @enum {string} */
              status: "pending";
              message: string;
            };
          };
        };
      };
    };
  };
  "/v1/verify/email": {
    /** Open a link mailed to prove an address: a new sign-in email, or an account request */
    post: {
      requestBody: {
        content: {
          "application/json": {
            token: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              purpose: "email_change" | "account_request";
            };
          };
        };
      };
    };
  };
  "/v1/account/request/organisations": {
    /** The organisations an account may be requested in (platformId, else the request's host): id and name */
    get: {
      parameters: {
        query?: {
          platformId?: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
                /** Format: uuid */
                id: string;
                name: string;
              }[];
          };
        };
      };
    };
  };
  "/v1/auth-context": {
    /** The platform and organisation this session works in */
    get: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              userId: string;
              /** Format: uuid */
              platformId: string;
              platformName: string;
              organisationId: string | null;
              organisationName: string | null;
              roles: ("reporter" | "organisation_staff" | "organisation_admin" | "assessor" | "platform_admin" | "system_admin")[];
              organisations: ({
                  /** Format: uuid */
                  id: string;
                  name: string;
                  kind: string;
                  roles: ("reporter" | "organisation_staff" | "organisation_admin" | "assessor" | "platform_admin" | "system_admin")[];
                })[];
            };
          };
        };
      };
    };
    /** Switch to another of your organisations: answers a new session pair */
    put: {
      requestBody: {
        content: {
          "application/json": {
            /** Format: uuid */
            platformId?: string;
            /** Format: uuid */
            organisationId: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              userId: string;
              /** Format: uuid */
              platformId: string;
              platformName: string;
              organisationId: string | null;
              organisationName: string | null;
              roles: ("reporter" | "organisation_staff" | "organisation_admin" | "assessor" | "platform_admin" | "system_admin")[];
              organisations: ({
                  /** Format: uuid */
                  id: string;
                  name: string;
                  kind: string;
                  roles: ("reporter" | "organisation_staff" | "organisation_admin" | "assessor" | "platform_admin" | "system_admin")[];
                })[];
              token: string;
            };
          };
        };
      };
    };
  };
  "/v1/workspace": {
    /** Create a workspace (organisation) with you as its administrator */
    post: {
      requestBody: {
        content: {
          "application/json": {
            name: string;
            kind?: string;
            country?: string | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              name: string;
              kind: string;
              roles: ("reporter" | "organisation_staff" | "organisation_admin" | "assessor" | "platform_admin" | "system_admin")[];
            };
          };
        };
      };
    };
  };
  "/v1/change-requests": {
    /** The queue of change requests (pending first) */
    get: {
      parameters: {
        query?: {
          page?: number;
          size?: number;
          statuses?: ("pending" | "approved" | "declined")[];
          kinds?: ("profile" | "membership" | "account")[];
          organisationIds?: string[];
          userId?: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              items: ({
                  /** Format: uuid */
                  id: string;
                  kind: "profile" | "membership" | "account";
                  status: "pending" | "approved" | "declined";
                  /** Format: uuid */
                  platformId: string;
                  /** Format: uuid */
                  organisationId: string;
                  organisationName: string;
                  userId: string | null;
                  userName: string;
                  userEmail: string;
                  changes: {
                    [key: string]: unknown;
                  };
                  message: string | null;
                  rejectionMessage: string | null;
                  decidedBy: string | null;
                  decidedAt: string | null;
                  /** Format: date-time */
                  createdAt: string;
                })[];
              page: number;
              size: number;
              total: number;
            };
          };
        };
      };
    };
  };
  "/v1/change-requests/{id}": {
    /** One change request */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              kind: "profile" | "membership" | "account";
              status: "pending" | "approved" | "declined";
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              organisationName: string;
              userId: string | null;
              userName: string;
              userEmail: string;
              changes: {
                [key: string]: unknown;
              };
              message: string | null;
              rejectionMessage: string | null;
              decidedBy: string | null;
              decidedAt: string | null;
              /** Format: date-time */
              createdAt: string;
            };
          };
        };
      };
    };
  };
  "/v1/change-requests/{id}/commit-preview": {
    /** What approving would change: field, old, new */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              kind: "profile" | "membership" | "account";
              status: "pending" | "approved" | "declined";
              changes: {
                  field: string;
                  old: unknown;
                  new: unknown;
                }[];
            };
          };
        };
      };
    };
  };
  "/v1/change-requests/{id}/approve": {
    /** Approve: the change is applied */
    put: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            organisationId?: string | null;
            userId?: string | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              kind: "profile" | "membership" | "account";
              status: "pending" | "approved" | "declined";
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              organisationName: string;
              userId: string | null;
              userName: string;
              userEmail: string;
              changes: {
                [key: string]: unknown;
              };
              message: string | null;
              rejectionMessage: string | null;
              decidedBy: string | null;
              decidedAt: string | null;
              /** Format: date-time */
              createdAt: string;
            };
          };
        };
      };
    };
  };
  "/v1/change-requests/{id}/decline": {
    /** Decline with a message to the requester */
    put: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            rejectionMessage: string;
            organisationId?: string | null;
            userId?: string | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              kind: "profile" | "membership" | "account";
              status: "pending" | "approved" | "declined";
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              organisationName: string;
              userId: string | null;
              userName: string;
              userEmail: string;
              changes: {
                [key: string]: unknown;
              };
              message: string | null;
              rejectionMessage: string | null;
              decidedBy: string | null;
              decidedAt: string | null;
              /** Format: date-time */
              createdAt: string;
            };
          };
        };
      };
    };
  };
  "/v1/roles": {
    /** The built-in roles and their permissions (read from the policy tables) */
    get: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                id: "reporter" | "organisation_staff" | "organisation_admin" | "assessor" | "platform_admin" | "system_admin";
                name: "reporter" | "organisation_staff" | "organisation_admin" | "assessor" | "platform_admin" | "system_admin";
                scope: "organisation" | "platform";
                permissions: string[];
                ownPermissions: string[];
              })[];
          };
        };
      };
    };
  };
  "/v1/organisation/{id}/sender-profile": {
    /** The organisation's E2B(R3) sender (C.3) and the sender identifier of its case ids */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              organisationId: string;
              identifier: string | null;
              type: "1" | "2" | "3" | "4" | "5" | "6" | null;
              organisation: string | null;
              department: string | null;
              title: string | null;
              givenName: string | null;
              familyName: string | null;
              street: string | null;
              city: string | null;
              state: string | null;
              postcode: string | null;
              country: string | null;
              telephone: string | null;
              email: string | null;
              version: number;
              updatedAt: string | null;
            };
          };
        };
      };
    };
    /** Replace the organisation's E2B(R3) sender profile (a field left out is cleared) */
    put: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            identifier?: string | null;
            type?: "1" | "2" | "3" | "4" | "5" | "6" | null;
            organisation?: string | null;
            department?: string | null;
            title?: string | null;
            givenName?: string | null;
            familyName?: string | null;
            street?: string | null;
            city?: string | null;
            state?: string | null;
            postcode?: string | null;
            country?: string | null;
            telephone?: string | null;
            email?: string | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              organisationId: string;
              identifier: string | null;
              type: "1" | "2" | "3" | "4" | "5" | "6" | null;
              organisation: string | null;
              department: string | null;
              title: string | null;
              givenName: string | null;
              familyName: string | null;
              street: string | null;
              city: string | null;
              state: string | null;
              postcode: string | null;
              country: string | null;
              telephone: string | null;
              email: string | null;
              version: number;
              updatedAt: string | null;
            };
          };
        };
      };
    };
  };
  "/v1/organisations": {
    /** Organisations the caller may see (filters: query, kind, country) */
    get: {
      parameters: {
        query?: {
          query?: string;
          kind?: string;
          country?: string;
          platformId?: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                platformId: string;
                name: string;
                kind: string;
                country: string | null;
                description: string;
                email: string | null;
                phone: string | null;
                website: string | null;
                address: string;
                locationProvider: string | null;
                workspaceId: string | null;
                acceptsAccountRequests: boolean;
                timeZone: string;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                version: number;
              })[];
          };
        };
      };
    };
  };
  "/v1/organisations/lookup": {
    /** Every organisation of the platform, short, for pickers */
    get: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
                /** Format: uuid */
                id: string;
                name: string;
                kind: string;
              }[];
          };
        };
      };
    };
  };
  "/v1/organisations/paginated": {
    /** A page of organisations */
    get: {
      parameters: {
        query?: {
          query?: string;
          page?: number;
          size?: number;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              items: ({
                  /** Format: uuid */
                  id: string;
                  /** Format: uuid */
                  platformId: string;
                  name: string;
                  kind: string;
                  country: string | null;
                  description: string;
                  email: string | null;
                  phone: string | null;
                  website: string | null;
                  address: string;
                  locationProvider: string | null;
                  workspaceId: string | null;
                  acceptsAccountRequests: boolean;
                  timeZone: string;
                  /** Format: date-time */
                  createdAt: string;
                  /** Format: date-time */
                  updatedAt: string;
                  version: number;
                })[];
              page: number;
              size: number;
              total: number;
            };
          };
        };
      };
    };
  };
  "/v1/organisations/search": {
    /** Organisations whose name contains `query`, one page */
    get: {
      parameters: {
        query?: {
          query?: string;
          page?: number;
          size?: number;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                platformId: string;
                name: string;
                kind: string;
                country: string | null;
                description: string;
                email: string | null;
                phone: string | null;
                website: string | null;
                address: string;
                locationProvider: string | null;
                workspaceId: string | null;
                acceptsAccountRequests: boolean;
                timeZone: string;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                version: number;
              })[];
          };
        };
      };
    };
  };
  "/v1/organisations/unassigned": {
    /** Organisations in no workspace */
    get: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                platformId: string;
                name: string;
                kind: string;
                country: string | null;
                description: string;
                email: string | null;
                phone: string | null;
                website: string | null;
                address: string;
                locationProvider: string | null;
                workspaceId: string | null;
                acceptsAccountRequests: boolean;
                timeZone: string;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                version: number;
              })[];
          };
        };
      };
    };
  };
  "/v1/organisations/workspace/{workspaceId}": {
    /** Organisations of a workspace */
    get: {
      parameters: {
        path: {
          workspaceId: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                platformId: string;
                name: string;
                kind: string;
                country: string | null;
                description: string;
                email: string | null;
                phone: string | null;
                website: string | null;
                address: string;
                locationProvider: string | null;
                workspaceId: string | null;
                acceptsAccountRequests: boolean;
                timeZone: string;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                version: number;
              })[];
          };
        };
      };
    };
  };
  "/v1/organisation": {
    /** Create an organisation (platform administrators) */
    post: {
      requestBody: {
        content: {
          "application/json": {
            params: {
              name: string;
              kind?: "regulator" | "hospital" | "marketing_authorisation_holder" | "vaccine_programme" | "other";
              country?: string | null;
              description?: string;
              email?: string | null;
              phone?: string | null;
              website?: string | null;
              address?: string;
              timeZone?: string;
            };
            locations?: ({
                name: string;
                code?: string | null;
                data?: {
                  [key: string]: unknown;
                };
              })[];
            locationProvider?: string;
            /** Format: uuid */
            platformId?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              name: string;
              kind: string;
              country: string | null;
              description: string;
              email: string | null;
              phone: string | null;
              website: string | null;
              address: string;
              locationProvider: string | null;
              workspaceId: string | null;
              acceptsAccountRequests: boolean;
              timeZone: string;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
            };
          };
        };
      };
    };
  };
  "/v1/organisation/{id}": {
    /** One organisation */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              name: string;
              kind: string;
              country: string | null;
              description: string;
              email: string | null;
              phone: string | null;
              website: string | null;
              address: string;
              locationProvider: string | null;
              workspaceId: string | null;
              acceptsAccountRequests: boolean;
              timeZone: string;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
            };
          };
        };
      };
    };
    /** Change an organisation */
    put: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            name?: string;
            kind?: "regulator" | "hospital" | "marketing_authorisation_holder" | "vaccine_programme" | "other";
            country?: string | null;
            description?: string;
            email?: string | null;
            phone?: string | null;
            website?: string | null;
            address?: string;
            timeZone?: string;
            locationProvider?: string | null;
            acceptsAccountRequests?: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              name: string;
              kind: string;
              country: string | null;
              description: string;
              email: string | null;
              phone: string | null;
              website: string | null;
              address: string;
              locationProvider: string | null;
              workspaceId: string | null;
              acceptsAccountRequests: boolean;
              timeZone: string;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
            };
          };
        };
      };
    };
  };
  "/v1/organisation/{id}/contacts": {
    /** Contacts */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                organisationId: string;
                name: string;
                title: string;
                email: string | null;
                phone: string | null;
                /** Format: date-time */
                createdAt: string;
              })[];
          };
        };
      };
    };
    /** Add a contact */
    post: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            name: string;
            title?: string;
            email?: string | null;
            phone?: string | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              organisationId: string;
              name: string;
              title: string;
              email: string | null;
              phone: string | null;
              /** Format: date-time */
              createdAt: string;
            };
          };
        };
      };
    };
  };
  "/v1/organisation/{id}/locations": {
    /** Locations */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                organisationId: string;
                name: string;
                code: string | null;
                locationProvider: string;
                data: {
                  [key: string]: unknown;
                };
                /** Format: date-time */
                createdAt: string;
              })[];
          };
        };
      };
    };
    /** Add locations from a location provider (default `manual`) */
    post: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            locations: ({
                name: string;
                code?: string | null;
                data?: {
                  [key: string]: unknown;
                };
              })[];
            /** @default manual */
            locationProvider?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                organisationId: string;
                name: string;
                code: string | null;
                locationProvider: string;
                data: {
                  [key: string]: unknown;
                };
                /** Format: date-time */
                createdAt: string;
              })[];
          };
        };
      };
    };
  };
  "/v1/organisation/{id}/workspace": {
    /** The workspace the organisation belongs to */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              organisationId: string | null;
              name: string;
              code: string | null;
              data: {
                [key: string]: unknown;
              };
            };
          };
        };
      };
    };
  };
  "/v1/organisation/{id}/health-check": {
    /** Is the organisation set up (administrator, contact, location, receiver)? */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              organisationId: string;
              ok: boolean;
              checks: {
                  name: string;
                  ok: boolean;
                  detail: string;
                }[];
            };
          };
        };
      };
    };
  };
  "/v1/organisation/{id}/sources": {
    /** Sources reports reach the organisation from */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                organisationId: string | null;
                name: string;
                code: string | null;
                data: {
                  [key: string]: unknown;
                };
              })[];
          };
        };
      };
    };
  };
  "/v1/organisation/{id}/themes": {
    /** Themes of the organisation */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                organisationId: string | null;
                name: string;
                code: string | null;
                data: {
                  [key: string]: unknown;
                };
              })[];
          };
        };
      };
    };
  };
  "/v1/organisation/{id}/translations": {
    /** Translation sets of the organisation */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                organisationId: string | null;
                name: string;
                code: string | null;
                data: {
                  [key: string]: unknown;
                };
              })[];
          };
        };
      };
    };
  };
  "/v1/organisation/{id}/profession-groups": {
    /** Profession groups (read with POST) */
    post: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            query?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                organisationId: string | null;
                name: string;
                code: string | null;
                data: {
                  [key: string]: unknown;
                };
              })[];
          };
        };
      };
    };
  };
  "/v1/organisation/{id}/professions": {
    /** Professions (read with POST) */
    post: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            query?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                organisationId: string | null;
                name: string;
                code: string | null;
                data: {
                  [key: string]: unknown;
                };
              })[];
          };
        };
      };
    };
  };
  "/v1/platforms": {
    /** Platforms the caller may see */
    get: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                name: string;
                domain: string | null;
                mfaMethods: string[];
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                version: number;
              })[];
          };
        };
      };
    };
    /** Create a platform (system administrators) */
    post: {
      requestBody: {
        content: {
          "application/json": {
            name: string;
            domain?: string | null;
            mfaMethods?: ("totp" | "sms")[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              name: string;
              domain: string | null;
              mfaMethods: string[];
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
            };
          };
        };
      };
    };
  };
  "/v1/platforms/domain/{domain}": {
    /** The platform served on a domain (public: id, name and domain only) */
    get: {
      parameters: {
        path: {
          domain: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              name: string;
              domain: string | null;
            };
          };
        };
      };
    };
  };
  "/v1/platforms/{id}": {
    /** One platform */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              name: string;
              domain: string | null;
              mfaMethods: string[];
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
            };
          };
        };
      };
    };
    /** Change a platform */
    put: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            name?: string;
            domain?: string | null;
            mfaMethods?: ("totp" | "sms")[];
            serverConfiguration?: {
              [key: string]: unknown;
            };
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              name: string;
              domain: string | null;
              mfaMethods: string[];
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
            };
          };
        };
      };
    };
  };
  "/v1/platforms/{id}/theme": {
    /** The platform's theme (public) */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              organisationId: string | null;
              name: string;
              code: string | null;
              data: {
                [key: string]: unknown;
              };
            };
          };
        };
      };
    };
  };
  "/v1/platforms/{id}/reporting": {
    /** Whether the platform takes reports without an account, and the organisations they may go to (public) */
    get: {
      parameters: {
        query?: {
          organisationId?: string;
        };
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              anonymousReports: boolean;
              organisations: {
                  /** Format: uuid */
                  id: string;
                  name: string;
                  kind: string;
                }[];
            };
          };
        };
      };
    };
  };
  "/v1/platforms/{id}/organisations": {
    /** Every organisation of the platform */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                platformId: string;
                name: string;
                kind: string;
                country: string | null;
                description: string;
                email: string | null;
                phone: string | null;
                website: string | null;
                address: string;
                locationProvider: string | null;
                workspaceId: string | null;
                acceptsAccountRequests: boolean;
                timeZone: string;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                version: number;
              })[];
          };
        };
      };
    };
  };
  "/v1/platforms/{id}/sources": {
    /** Platform-level report sources */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                organisationId: string | null;
                name: string;
                code: string | null;
                data: {
                  [key: string]: unknown;
                };
              })[];
          };
        };
      };
    };
  };
  "/v1/platforms/{id}/server-configuration": {
    /** Settings of the platform (administrators) */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              platformId: string;
              publicUrl: string;
              mfaMethods: string[];
              settings: {
                [key: string]: unknown;
              };
            };
          };
        };
      };
    };
  };
  "/v1/organisation/{id}/invite": {
    /** Invite someone into the organisation by email */
    post: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": ({
            /** Format: email */
            email: string;
            role: "reporter" | "organisation_staff" | "organisation_admin" | "assessor";
            firstName?: string;
            lastName?: string;
          }) | ({
            invite: {
              /** Format: email */
              email: string;
              role: "reporter" | "organisation_staff" | "organisation_admin" | "assessor";
              firstName?: string;
              lastName?: string;
            };
          });
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              organisationName: string;
              email: string;
              role: "reporter" | "organisation_staff" | "organisation_admin" | "assessor";
              status: "pending" | "accepted" | "expired" | "revoked";
              /** Format: date-time */
              expiresAt: string;
              /** Format: date-time */
              createdAt: string;
              acceptedAt: string | null;
            };
          };
        };
      };
    };
  };
  "/v1/organisation/{id}/invites": {
    /** The organisation's invites, newest first (status: pending, accepted, expired, revoked) */
    get: {
      parameters: {
        query?: {
          status?: "pending" | "accepted" | "expired" | "revoked";
        };
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                platformId: string;
                /** Format: uuid */
                organisationId: string;
                organisationName: string;
                email: string;
                role: "reporter" | "organisation_staff" | "organisation_admin" | "assessor";
                status: "pending" | "accepted" | "expired" | "revoked";
                /** Format: date-time */
                expiresAt: string;
                /** Format: date-time */
                createdAt: string;
                acceptedAt: string | null;
              })[];
          };
        };
      };
    };
  };
  "/v1/organisation/{id}/invites/{inviteId}/resend": {
    /** Send a pending or expired invite again: a new link, a new expiry; the old link stops working */
    post: {
      parameters: {
        path: {
          id: string;
          inviteId: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              organisationName: string;
              email: string;
              role: "reporter" | "organisation_staff" | "organisation_admin" | "assessor";
              status: "pending" | "accepted" | "expired" | "revoked";
              /** Format: date-time */
              expiresAt: string;
              /** Format: date-time */
              createdAt: string;
              acceptedAt: string | null;
            };
          };
        };
      };
    };
  };
  "/v1/organisation/{id}/invites/{inviteId}": {
    /** Revoke an invite that has not been accepted: its link stops working */
    delete: {
      parameters: {
        path: {
          id: string;
          inviteId: string;
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
  };
  "/v1/organisation-invite": {
    /** What an invitation link is for (public; by its token) */
    get: {
      parameters: {
        query: {
          token: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              organisationName: string;
              platformName: string;
              email: string;
              role: "reporter" | "organisation_staff" | "organisation_admin" | "assessor";
              /** Format: date-time */
              expiresAt: string;
              accountExists: boolean;
            };
          };
        };
      };
    };
    /** Invite someone (into the session's organisation unless organisationId is given) */
    post: {
      requestBody: {
        content: {
          "application/json": {
            /** Format: email */
            email: string;
            role: "reporter" | "organisation_staff" | "organisation_admin" | "assessor";
            firstName?: string;
            lastName?: string;
            /** Format: uuid */
            organisationId?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              organisationName: string;
              email: string;
              role: "reporter" | "organisation_staff" | "organisation_admin" | "assessor";
              status: "pending" | "accepted" | "expired" | "revoked";
              /** Format: date-time */
              expiresAt: string;
              /** Format: date-time */
              createdAt: string;
              acceptedAt: string | null;
            };
          };
        };
      };
    };
  };
  "/v1/organisation-invite/accept": {
    /** Accept an invitation: create the account and sign in */
    post: {
      requestBody: {
        content: {
          "application/json": {
            token: string;
            password: string;
            firstName: string;
            lastName: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              token: string;
              refreshToken: string;
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              organisationId: string | null;
              /** Format: date-time */
              expiresAt?: string;
              /** Format: date-time */
              endsAt?: string;
            };
          };
        };
      };
    };
  };
  "/v1/organisation-invite/join": {
    /** Accept an invitation with the signed-in account (same email, same platform) */
    post: {
      requestBody: {
        content: {
          "application/json": {
            token: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              token: string;
              refreshToken: string;
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              organisationId: string | null;
              /** Format: date-time */
              expiresAt?: string;
              /** Format: date-time */
              endsAt?: string;
            };
          };
        };
      };
    };
  };
  "/v1/user-groups/platform/{platformId}": {
    /** User groups of every organisation of a platform */
    get: {
      parameters: {
        path: {
          platformId: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                platformId: string;
                /** Format: uuid */
                organisationId: string;
                name: string;
                description: string;
                reportTypes: string[];
                userCount: number;
                locationCount: number;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                version: number;
              }[];
          };
        };
      };
    };
  };
  "/v1/user-groups/organisation/{organisationId}": {
    /** User groups of an organisation */
    get: {
      parameters: {
        path: {
          organisationId: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                platformId: string;
                /** Format: uuid */
                organisationId: string;
                name: string;
                description: string;
                reportTypes: string[];
                userCount: number;
                locationCount: number;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                version: number;
              }[];
          };
        };
      };
    };
  };
  "/v1/user-groups/{id}": {
    /** One user group */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              name: string;
              description: string;
              reportTypes: string[];
              userCount: number;
              locationCount: number;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
            };
          };
        };
      };
    };
    /** Change a user group */
    put: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            name?: string;
            description?: string;
            reportTypes?: string[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              name: string;
              description: string;
              reportTypes: string[];
              userCount: number;
              locationCount: number;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
            };
          };
        };
      };
    };
    /** Delete a user group */
    delete: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
  };
  "/v1/user-groups": {
    /** Create a user group */
    post: {
      requestBody: {
        content: {
          "application/json": {
            name: string;
            description?: string;
            reportTypes?: string[];
            /** Format: uuid */
            organisationId?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              name: string;
              description: string;
              reportTypes: string[];
              userCount: number;
              locationCount: number;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
            };
          };
        };
      };
    };
  };
  "/v1/user-groups/{id}/users": {
    /** The group's users (with includeUnassigned, every member of the organisation) */
    get: {
      parameters: {
        query?: {
          limit?: number;
          offset?: number;
          query?: string;
          includeUnassigned?: boolean;
        };
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
                /** Format: uuid */
                id: string;
                email: string;
                firstName: string;
                lastName: string;
                assigned: boolean;
              }[];
          };
        };
      };
    };
    /** Add and remove users */
    put: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            /** @default [] */
            assigned: string[];
            /** @default [] */
            unassigned: string[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
  };
  "/v1/user-groups/{id}/locations": {
    /** The group's locations (with includeUnassigned, every location of the organisation) */
    get: {
      parameters: {
        query?: {
          limit?: number;
          offset?: number;
          query?: string;
          includeUnassigned?: boolean;
        };
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                name: string;
                code: string | null;
                assigned: boolean;
              })[];
          };
        };
      };
    };
    /** Add and remove locations */
    put: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            /** @default [] */
            assigned: string[];
            /** @default [] */
            unassigned: string[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
  };
  "/v1/verify/initiate": {
    /** Text a verification code (during an MFA sign-in, or to one of your numbers) */
    post: {
      requestBody: {
        content: {
          "application/json": {
            /** @enum {string} */
            method?: "sms";
            phoneNumber?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
  };
  "/v1/verify": {
    /** Check a code of one of your second factors (step-up) */
    post: {
      requestBody: {
        content: {
          "application/json": {
            /** @description the 6-digit code; spaces are ignored */
            code: string;
            method?: "totp" | "sms";
            phoneNumber?: string | "" | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** @enum {boolean} */
              verified: true;
              method: "totp" | "sms";
              /** Format: uuid */
              factorSid: string;
              /** Format: date-time */
              verifiedAt: string;
            };
          };
        };
      };
    };
  };
  "/v1/setup/totp": {
    /** Start adding an authenticator app: secret, otpauth URI and QR code (shown once) */
    post: {
      requestBody: {
        content: {
          "application/json": {
            currentPassword?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              factorSid: string;
              secret: string;
              uri: string;
              qrCode: string;
            };
          };
        };
      };
    };
  };
  "/v1/setup/totp/verify": {
    /** Turn the authenticator app on with its first code */
    post: {
      requestBody: {
        content: {
          "application/json": {
            /** Format: uuid */
            factorSid: string;
            /** @description the 6-digit code; spaces are ignored */
            code: string;
            rememberDevice?: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              factorSid: string;
              method: "totp" | "sms";
              phoneNumber: string | null;
              rememberDevice: boolean;
              verified: boolean;
              /** Format: date-time */
              createdAt: string;
              deviceToken?: string;
              recoveryCodes?: string[];
            };
          };
        };
      };
    };
  };
  "/v1/users/@me/mfa-methods": {
    /** Your second factors */
    get: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                factorSid: string;
                method: "totp" | "sms";
                phoneNumber: string | null;
                rememberDevice: boolean;
                verified: boolean;
                /** Format: date-time */
                createdAt: string;
                deviceToken?: string;
                recoveryCodes?: string[];
              })[];
          };
        };
      };
    };
    /** Turn a pending factor on with its code */
    put: {
      requestBody: {
        content: {
          "application/json": {
            /** Format: uuid */
            factorSid: string;
            /** @description the 6-digit code; spaces are ignored */
            code: string;
            method?: "totp" | "sms";
            phoneNumber?: string;
            rememberDevice?: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              factorSid: string;
              method: "totp" | "sms";
              phoneNumber: string | null;
              rememberDevice: boolean;
              verified: boolean;
              /** Format: date-time */
              createdAt: string;
              deviceToken?: string;
              recoveryCodes?: string[];
            };
          };
        };
      };
    };
    /** Start adding a text-message factor: a code is sent to the number */
    post: {
      requestBody: {
        content: {
          "application/json": {
            method: "totp" | "sms";
            phoneNumber?: string;
            currentPassword?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              factorSid: string;
              method: "totp" | "sms";
              phoneNumber: string | null;
              rememberDevice: boolean;
              verified: boolean;
              /** Format: date-time */
              createdAt: string;
              deviceToken?: string;
              recoveryCodes?: string[];
            };
          };
        };
      };
    };
    /** Remove a second factor (the body carries the current password) */
    delete: {
      parameters: {
        query: {
          factorSid: string;
          method?: "totp" | "sms";
        };
      };
      requestBody: {
        content: {
          "application/json": {
            currentPassword: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
  };
  "/v1/platforms/{id}/mfa-methods": {
    /** The second factors a platform offers */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              platformId: string;
              methods: ("totp" | "sms")[];
            };
          };
        };
      };
    };
  };
  "/v1/users/@me/mfa-recovery-codes": {
    /** How many unused recovery codes you have (the codes are never shown again) */
    get: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              remaining: number;
              createdAt: string | null;
            };
          };
        };
      };
    };
    /** Ten new recovery codes, shown this once; the old ones stop working */
    post: {
      requestBody: {
        content: {
          "application/json": {
            currentPassword?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              remaining: number;
              createdAt: string | null;
              codes: string[];
            };
          };
        };
      };
    };
  };
  "/v1/reset-password": {
    /** Email a password-reset link (always 204: it never says whether the account exists) */
    post: {
      requestBody: {
        content: {
          "application/json": {
            email?: string;
            username?: string;
            themeId?: string | null;
            /** Format: uuid */
            platformId?: string;
            websiteId?: string | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
  };
  "/v1/change-password": {
    /** Set a new password with the token of a reset link (signs every session out) */
    post: {
      requestBody: {
        content: {
          "application/json": {
            resetToken: string;
            password: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
  };
  "/v1/users/{id}/change-password": {
    /** Change your password (`@me`); every other session ends */
    put: {
      parameters: {
        path: {
          /** @description a user id, or `@me` for the caller */
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            password: string;
            currentPassword: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
  };
  "/v1/applications": {
    /** An organisation's applications (the session's organisation by default); API keys accepted */
    get: {
      parameters: {
        query?: {
          organisationId?: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                platformId: string;
                /** Format: uuid */
                organisationId: string;
                application: string;
                submissionServiceUser: boolean;
                isDefault: boolean;
                activeKeys: number;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                version: number;
              }[];
          };
        };
      };
    };
    /** Create an application (`application` is its name) */
    post: {
      requestBody: {
        content: {
          "application/json": {
            /** Format: uuid */
            organisationId?: string;
            application: string;
            submissionServiceUser?: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              application: string;
              submissionServiceUser: boolean;
              isDefault: boolean;
              activeKeys: number;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
            };
          };
        };
      };
    };
  };
  "/v1/applications/default": {
    /** The organisation's default application (404 while it has none) */
    get: {
      parameters: {
        query?: {
          organisationId?: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              application: string;
              submissionServiceUser: boolean;
              isDefault: boolean;
              activeKeys: number;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
            };
          };
        };
      };
    };
    /** Make an application its organisation's default */
    post: {
      requestBody: {
        content: {
          "application/json": {
            /** Format: uuid */
            organisationId?: string;
            /** Format: uuid */
            id: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              application: string;
              submissionServiceUser: boolean;
              isDefault: boolean;
              activeKeys: number;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
            };
          };
        };
      };
    };
  };
  "/v1/applications/{id}": {
    /** Rename an application or change whether it acts as a submission service user */
    put: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            /** Format: uuid */
            organisationId?: string;
            application?: string;
            submissionServiceUser?: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              application: string;
              submissionServiceUser: boolean;
              isDefault: boolean;
              activeKeys: number;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
            };
          };
        };
      };
    };
    /** Delete an application; its API keys stop working */
    delete: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
  };
  "/v1/api-keys": {
    /** The organisation's live API keys (never their secrets); API keys accepted */
    get: {
      parameters: {
        query?: {
          includeSubmissionServiceUsers?: boolean;
          organisationId?: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                name: string;
                /** Format: uuid */
                organisationId: string;
                /** Format: uuid */
                applicationId: string;
                applicationName: string;
                submissionServiceUser: boolean;
                prefix: string;
                /** Format: date-time */
                createdAt: string;
                lastUsedAt: string | null;
              })[];
          };
        };
      };
    };
    /** Create an API key; the answer shows the key this once only */
    post: {
      requestBody: {
        content: {
          "application/json": {
            name: string;
            /** Format: uuid */
            applicationId?: string;
            /** Format: uuid */
            organisationId?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              name: string;
              /** Format: uuid */
              organisationId: string;
              /** Format: uuid */
              applicationId: string;
              applicationName: string;
              submissionServiceUser: boolean;
              prefix: string;
              /** Format: date-time */
              createdAt: string;
              lastUsedAt: string | null;
              key: string;
            };
          };
        };
      };
    };
  };
  "/v1/api-keys/{id}": {
    /** Revoke an API key */
    delete: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
  };
  "/v1/formviews": {
    /** Form views: administrators see drafts too; members the published forms; without signing in, the published public forms of a platform (`platformId`) that allows anonymous reports */
    get: {
      parameters: {
        query?: {
          platformId?: string;
          audience?: "public" | "professional";
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                platformId: string;
                organisationId: string | null;
                /** Format: uuid */
                formSchemaId: string;
                key: string;
                name: string;
                audience: "public" | "professional";
                reportType: "adr" | "aefi" | "other";
                layout: {
                  languages: string[];
                  title: {
                    [key: string]: string;
                  };
                  description?: {
                    [key: string]: string;
                  };
                  sections: {
                      id: string;
                      title: {
                        [key: string]: string;
                      };
                      help?: {
                        [key: string]: string;
                      };
                      /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                      repeat?: string;
                      questions: {
                          /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                          field: string;
                          label: {
                            [key: string]: string;
                          };
                          help?: {
                            [key: string]: string;
                          };
                          error?: {
                            [key: string]: string;
                          };
                          options?: {
                              value: string;
                              label: {
                                [key: string]: string;
                              };
                            }[];
                          picklist?: string;
                        }[];
                    }[];
                };
                conditions: ({
                    when: string;
                    action: "show" | "hide" | "require";
                    targets: string[];
                  })[];
                publishedVersionId: string | null;
                publishedVersionNumber: number | null;
                published?: ({
                  /** Format: uuid */
                  id: string;
                  /** Format: uuid */
                  platformId: string;
                  organisationId: string | null;
                  /** Format: uuid */
                  formViewId: string;
                  /** Format: uuid */
                  formSchemaId: string;
                  number: number;
                  definition: {
                    key: string;
                    name: string;
                    audience: "public" | "professional";
                    reportType: "adr" | "aefi" | "other";
                    fields: ({
                        /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                        path: string;
                        e2b: string;
                        kind: "text" | "code" | "date" | "boolean" | "quantity" | "coded" | "attachment" | "list" | "group";
                        required: boolean;
                        nullFlavours: string[];
                        options?: string[];
                        maxLength?: number;
                        pattern?: string;
                      })[];
                    layout: {
                      languages: string[];
                      title: {
                        [key: string]: string;
                      };
                      description?: {
                        [key: string]: string;
                      };
                      sections: {
                          id: string;
                          title: {
                            [key: string]: string;
                          };
                          help?: {
                            [key: string]: string;
                          };
                          /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                          repeat?: string;
                          questions: {
                              /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                              field: string;
                              label: {
                                [key: string]: string;
                              };
                              help?: {
                                [key: string]: string;
                              };
                              error?: {
                                [key: string]: string;
                              };
                              options?: {
                                  value: string;
                                  label: {
                                    [key: string]: string;
                                  };
                                }[];
                              picklist?: string;
                            }[];
                        }[];
                    };
                    conditions: ({
                        when: string;
                        action: "show" | "hide" | "require";
                        targets: string[];
                      })[];
                  };
                  changes: ({
                      path: string;
                      change: "added" | "removed" | "changed";
                    })[];
                  /** Format: date-time */
                  createdAt: string;
                }) | null;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                version: number;
              })[];
          };
        };
      };
    };
    /** A new form: a draft copy of a form you can read (`templateId`), in `languages`, for the session's organisation unless `organisationId` names another (null: the whole platform); publish it with POST /v1/formversion */
    post: {
      requestBody: {
        content: {
          "application/json": {
            name: string;
            /** Format: uuid */
            templateId: string;
            audience?: "public" | "professional";
            languages: string[];
            organisationId?: string | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              organisationId: string | null;
              /** Format: uuid */
              formSchemaId: string;
              key: string;
              name: string;
              audience: "public" | "professional";
              reportType: "adr" | "aefi" | "other";
              layout: {
                languages: string[];
                title: {
                  [key: string]: string;
                };
                description?: {
                  [key: string]: string;
                };
                sections: {
                    id: string;
                    title: {
                      [key: string]: string;
                    };
                    help?: {
                      [key: string]: string;
                    };
                    /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                    repeat?: string;
                    questions: {
                        /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                        field: string;
                        label: {
                          [key: string]: string;
                        };
                        help?: {
                          [key: string]: string;
                        };
                        error?: {
                          [key: string]: string;
                        };
                        options?: {
                            value: string;
                            label: {
                              [key: string]: string;
                            };
                          }[];
                        picklist?: string;
                      }[];
                  }[];
              };
              conditions: ({
                  when: string;
                  action: "show" | "hide" | "require";
                  targets: string[];
                })[];
              publishedVersionId: string | null;
              publishedVersionNumber: number | null;
              published?: ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                platformId: string;
                organisationId: string | null;
                /** Format: uuid */
                formViewId: string;
                /** Format: uuid */
                formSchemaId: string;
                number: number;
                definition: {
                  key: string;
                  name: string;
                  audience: "public" | "professional";
                  reportType: "adr" | "aefi" | "other";
                  fields: ({
                      /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                      path: string;
                      e2b: string;
                      kind: "text" | "code" | "date" | "boolean" | "quantity" | "coded" | "attachment" | "list" | "group";
                      required: boolean;
                      nullFlavours: string[];
                      options?: string[];
                      maxLength?: number;
                      pattern?: string;
                    })[];
                  layout: {
                    languages: string[];
                    title: {
                      [key: string]: string;
                    };
                    description?: {
                      [key: string]: string;
                    };
                    sections: {
                        id: string;
                        title: {
                          [key: string]: string;
                        };
                        help?: {
                          [key: string]: string;
                        };
                        /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                        repeat?: string;
                        questions: {
                            /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                            field: string;
                            label: {
                              [key: string]: string;
                            };
                            help?: {
                              [key: string]: string;
                            };
                            error?: {
                              [key: string]: string;
                            };
                            options?: {
                                value: string;
                                label: {
                                  [key: string]: string;
                                };
                              }[];
                            picklist?: string;
                          }[];
                      }[];
                  };
                  conditions: ({
                      when: string;
                      action: "show" | "hide" | "require";
                      targets: string[];
                    })[];
                };
                changes: ({
                    path: string;
                    change: "added" | "removed" | "changed";
                  })[];
                /** Format: date-time */
                createdAt: string;
              }) | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
            };
          };
        };
      };
    };
  };
  "/v1/formview/{id}": {
    /** One form view with its published version in full (public for public forms where anonymous reports are allowed) */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              organisationId: string | null;
              /** Format: uuid */
              formSchemaId: string;
              key: string;
              name: string;
              audience: "public" | "professional";
              reportType: "adr" | "aefi" | "other";
              layout: {
                languages: string[];
                title: {
                  [key: string]: string;
                };
                description?: {
                  [key: string]: string;
                };
                sections: {
                    id: string;
                    title: {
                      [key: string]: string;
                    };
                    help?: {
                      [key: string]: string;
                    };
                    /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                    repeat?: string;
                    questions: {
                        /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                        field: string;
                        label: {
                          [key: string]: string;
                        };
                        help?: {
                          [key: string]: string;
                        };
                        error?: {
                          [key: string]: string;
                        };
                        options?: {
                            value: string;
                            label: {
                              [key: string]: string;
                            };
                          }[];
                        picklist?: string;
                      }[];
                  }[];
              };
              conditions: ({
                  when: string;
                  action: "show" | "hide" | "require";
                  targets: string[];
                })[];
              publishedVersionId: string | null;
              publishedVersionNumber: number | null;
              published?: ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                platformId: string;
                organisationId: string | null;
                /** Format: uuid */
                formViewId: string;
                /** Format: uuid */
                formSchemaId: string;
                number: number;
                definition: {
                  key: string;
                  name: string;
                  audience: "public" | "professional";
                  reportType: "adr" | "aefi" | "other";
                  fields: ({
                      /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                      path: string;
                      e2b: string;
                      kind: "text" | "code" | "date" | "boolean" | "quantity" | "coded" | "attachment" | "list" | "group";
                      required: boolean;
                      nullFlavours: string[];
                      options?: string[];
                      maxLength?: number;
                      pattern?: string;
                    })[];
                  layout: {
                    languages: string[];
                    title: {
                      [key: string]: string;
                    };
                    description?: {
                      [key: string]: string;
                    };
                    sections: {
                        id: string;
                        title: {
                          [key: string]: string;
                        };
                        help?: {
                          [key: string]: string;
                        };
                        /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                        repeat?: string;
                        questions: {
                            /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                            field: string;
                            label: {
                              [key: string]: string;
                            };
                            help?: {
                              [key: string]: string;
                            };
                            error?: {
                              [key: string]: string;
                            };
                            options?: {
                                value: string;
                                label: {
                                  [key: string]: string;
                                };
                              }[];
                            picklist?: string;
                          }[];
                      }[];
                  };
                  conditions: ({
                      when: string;
                      action: "show" | "hide" | "require";
                      targets: string[];
                    })[];
                };
                changes: ({
                    path: string;
                    change: "added" | "removed" | "changed";
                  })[];
                /** Format: date-time */
                createdAt: string;
              }) | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
            };
          };
        };
      };
    };
    /** Change a form view's draft (schema, name, audience, layout, conditions); publish it with POST /v1/formversion */
    put: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            /** Format: uuid */
            formSchemaId?: string;
            name?: string;
            audience?: "public" | "professional";
            layout?: {
              languages: string[];
              title: {
                [key: string]: string;
              };
              description?: {
                [key: string]: string;
              };
              sections: {
                  id: string;
                  title: {
                    [key: string]: string;
                  };
                  help?: {
                    [key: string]: string;
                  };
                  /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                  repeat?: string;
                  questions: {
                      /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                      field: string;
                      label: {
                        [key: string]: string;
                      };
                      help?: {
                        [key: string]: string;
                      };
                      error?: {
                        [key: string]: string;
                      };
                      options?: {
                          value: string;
                          label: {
                            [key: string]: string;
                          };
                        }[];
                      picklist?: string;
                    }[];
                }[];
            };
            conditions?: ({
                when: string;
                action: "show" | "hide" | "require";
                targets: string[];
              })[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              organisationId: string | null;
              /** Format: uuid */
              formSchemaId: string;
              key: string;
              name: string;
              audience: "public" | "professional";
              reportType: "adr" | "aefi" | "other";
              layout: {
                languages: string[];
                title: {
                  [key: string]: string;
                };
                description?: {
                  [key: string]: string;
                };
                sections: {
                    id: string;
                    title: {
                      [key: string]: string;
                    };
                    help?: {
                      [key: string]: string;
                    };
                    /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                    repeat?: string;
                    questions: {
                        /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                        field: string;
                        label: {
                          [key: string]: string;
                        };
                        help?: {
                          [key: string]: string;
                        };
                        error?: {
                          [key: string]: string;
                        };
                        options?: {
                            value: string;
                            label: {
                              [key: string]: string;
                            };
                          }[];
                        picklist?: string;
                      }[];
                  }[];
              };
              conditions: ({
                  when: string;
                  action: "show" | "hide" | "require";
                  targets: string[];
                })[];
              publishedVersionId: string | null;
              publishedVersionNumber: number | null;
              published?: ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                platformId: string;
                organisationId: string | null;
                /** Format: uuid */
                formViewId: string;
                /** Format: uuid */
                formSchemaId: string;
                number: number;
                definition: {
                  key: string;
                  name: string;
                  audience: "public" | "professional";
                  reportType: "adr" | "aefi" | "other";
                  fields: ({
                      /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                      path: string;
                      e2b: string;
                      kind: "text" | "code" | "date" | "boolean" | "quantity" | "coded" | "attachment" | "list" | "group";
                      required: boolean;
                      nullFlavours: string[];
                      options?: string[];
                      maxLength?: number;
                      pattern?: string;
                    })[];
                  layout: {
                    languages: string[];
                    title: {
                      [key: string]: string;
                    };
                    description?: {
                      [key: string]: string;
                    };
                    sections: {
                        id: string;
                        title: {
                          [key: string]: string;
                        };
                        help?: {
                          [key: string]: string;
                        };
                        /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                        repeat?: string;
                        questions: {
                            /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                            field: string;
                            label: {
                              [key: string]: string;
                            };
                            help?: {
                              [key: string]: string;
                            };
                            error?: {
                              [key: string]: string;
                            };
                            options?: {
                                value: string;
                                label: {
                                  [key: string]: string;
                                };
                              }[];
                            picklist?: string;
                          }[];
                      }[];
                  };
                  conditions: ({
                      when: string;
                      action: "show" | "hide" | "require";
                      targets: string[];
                    })[];
                };
                changes: ({
                    path: string;
                    change: "added" | "removed" | "changed";
                  })[];
                /** Format: date-time */
                createdAt: string;
              }) | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
            };
          };
        };
      };
    };
  };
  "/v1/formview/{id}/versions": {
    /** A form view's published versions, newest first (when, by whom, what changed), and what publishing its draft now would change */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              versions: ({
                  /** Format: uuid */
                  id: string;
                  number: number;
                  /** Format: date-time */
                  createdAt: string;
                  publishedBy: {
                    /** Format: uuid */
                    id: string;
                    name: string;
                  } | null;
                  changes: ({
                      path: string;
                      change: "added" | "removed" | "changed";
                    })[];
                })[];
              draftChanges: ({
                  path: string;
                  change: "added" | "removed" | "changed";
                })[];
            };
          };
        };
      };
    };
  };
  "/v1/formview/{id}/zip": {
    /** The form (schema and view draft) as a zip, to import on another platform */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description a form as a zip archive */
        200: {
          content: {
            "application/zip": string;
          };
        };
      };
    };
    /** Import a form's zip into this view: its schema's fields and the view's draft are replaced */
    post: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              organisationId: string | null;
              /** Format: uuid */
              formSchemaId: string;
              key: string;
              name: string;
              audience: "public" | "professional";
              reportType: "adr" | "aefi" | "other";
              layout: {
                languages: string[];
                title: {
                  [key: string]: string;
                };
                description?: {
                  [key: string]: string;
                };
                sections: {
                    id: string;
                    title: {
                      [key: string]: string;
                    };
                    help?: {
                      [key: string]: string;
                    };
                    /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                    repeat?: string;
                    questions: {
                        /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                        field: string;
                        label: {
                          [key: string]: string;
                        };
                        help?: {
                          [key: string]: string;
                        };
                        error?: {
                          [key: string]: string;
                        };
                        options?: {
                            value: string;
                            label: {
                              [key: string]: string;
                            };
                          }[];
                        picklist?: string;
                      }[];
                  }[];
              };
              conditions: ({
                  when: string;
                  action: "show" | "hide" | "require";
                  targets: string[];
                })[];
              publishedVersionId: string | null;
              publishedVersionNumber: number | null;
              published?: ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                platformId: string;
                organisationId: string | null;
                /** Format: uuid */
                formViewId: string;
                /** Format: uuid */
                formSchemaId: string;
                number: number;
                definition: {
                  key: string;
                  name: string;
                  audience: "public" | "professional";
                  reportType: "adr" | "aefi" | "other";
                  fields: ({
                      /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                      path: string;
                      e2b: string;
                      kind: "text" | "code" | "date" | "boolean" | "quantity" | "coded" | "attachment" | "list" | "group";
                      required: boolean;
                      nullFlavours: string[];
                      options?: string[];
                      maxLength?: number;
                      pattern?: string;
                    })[];
                  layout: {
                    languages: string[];
                    title: {
                      [key: string]: string;
                    };
                    description?: {
                      [key: string]: string;
                    };
                    sections: {
                        id: string;
                        title: {
                          [key: string]: string;
                        };
                        help?: {
                          [key: string]: string;
                        };
                        /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                        repeat?: string;
                        questions: {
                            /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                            field: string;
                            label: {
                              [key: string]: string;
                            };
                            help?: {
                              [key: string]: string;
                            };
                            error?: {
                              [key: string]: string;
                            };
                            options?: {
                                value: string;
                                label: {
                                  [key: string]: string;
                                };
                              }[];
                            picklist?: string;
                          }[];
                      }[];
                  };
                  conditions: ({
                      when: string;
                      action: "show" | "hide" | "require";
                      targets: string[];
                    })[];
                };
                changes: ({
                    path: string;
                    change: "added" | "removed" | "changed";
                  })[];
                /** Format: date-time */
                createdAt: string;
              }) | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
            };
          };
        };
      };
    };
  };
  "/v1/formversion": {
    /** Versions never change: publishes a new version made from version `id` with the changes given */
    put: {
      requestBody: {
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            formViewId?: string;
            /** Format: uuid */
            formSchemaId?: string;
            conditions?: ({
                when: string;
                action: "show" | "hide" | "require";
                targets: string[];
              })[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              organisationId: string | null;
              /** Format: uuid */
              formViewId: string;
              /** Format: uuid */
              formSchemaId: string;
              number: number;
              definition: {
                key: string;
                name: string;
                audience: "public" | "professional";
                reportType: "adr" | "aefi" | "other";
                fields: ({
                    /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                    path: string;
                    e2b: string;
                    kind: "text" | "code" | "date" | "boolean" | "quantity" | "coded" | "attachment" | "list" | "group";
                    required: boolean;
                    nullFlavours: string[];
                    options?: string[];
                    maxLength?: number;
                    pattern?: string;
                  })[];
                layout: {
                  languages: string[];
                  title: {
                    [key: string]: string;
                  };
                  description?: {
                    [key: string]: string;
                  };
                  sections: {
                      id: string;
                      title: {
                        [key: string]: string;
                      };
                      help?: {
                        [key: string]: string;
                      };
                      /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                      repeat?: string;
                      questions: {
                          /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                          field: string;
                          label: {
                            [key: string]: string;
                          };
                          help?: {
                            [key: string]: string;
                          };
                          error?: {
                            [key: string]: string;
                          };
                          options?: {
                              value: string;
                              label: {
                                [key: string]: string;
                              };
                            }[];
                          picklist?: string;
                        }[];
                    }[];
                };
                conditions: ({
                    when: string;
                    action: "show" | "hide" | "require";
                    targets: string[];
                  })[];
              };
              changes: ({
                  path: string;
                  change: "added" | "removed" | "changed";
                })[];
              /** Format: date-time */
              createdAt: string;
            };
          };
        };
      };
    };
    /** Publish a form view's draft as its next version (with these conditions, when given) */
    post: {
      requestBody: {
        content: {
          "application/json": {
            /** Format: uuid */
            formViewId: string;
            /** Format: uuid */
            formSchemaId?: string;
            conditions?: ({
                when: string;
                action: "show" | "hide" | "require";
                targets: string[];
              })[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              organisationId: string | null;
              /** Format: uuid */
              formViewId: string;
              /** Format: uuid */
              formSchemaId: string;
              number: number;
              definition: {
                key: string;
                name: string;
                audience: "public" | "professional";
                reportType: "adr" | "aefi" | "other";
                fields: ({
                    /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                    path: string;
                    e2b: string;
                    kind: "text" | "code" | "date" | "boolean" | "quantity" | "coded" | "attachment" | "list" | "group";
                    required: boolean;
                    nullFlavours: string[];
                    options?: string[];
                    maxLength?: number;
                    pattern?: string;
                  })[];
                layout: {
                  languages: string[];
                  title: {
                    [key: string]: string;
                  };
                  description?: {
                    [key: string]: string;
                  };
                  sections: {
                      id: string;
                      title: {
                        [key: string]: string;
                      };
                      help?: {
                        [key: string]: string;
                      };
                      /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                      repeat?: string;
                      questions: {
                          /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                          field: string;
                          label: {
                            [key: string]: string;
                          };
                          help?: {
                            [key: string]: string;
                          };
                          error?: {
                            [key: string]: string;
                          };
                          options?: {
                              value: string;
                              label: {
                                [key: string]: string;
                              };
                            }[];
                          picklist?: string;
                        }[];
                    }[];
                };
                conditions: ({
                    when: string;
                    action: "show" | "hide" | "require";
                    targets: string[];
                  })[];
              };
              changes: ({
                  path: string;
                  change: "added" | "removed" | "changed";
                })[];
              /** Format: date-time */
              createdAt: string;
            };
          };
        };
      };
    };
  };
  "/v1/formversion/{id}/conditions": {
    /** Publishes a new version made from version `id` with these conditions */
    put: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            conditions: ({
                when: string;
                action: "show" | "hide" | "require";
                targets: string[];
              })[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              organisationId: string | null;
              /** Format: uuid */
              formViewId: string;
              /** Format: uuid */
              formSchemaId: string;
              number: number;
              definition: {
                key: string;
                name: string;
                audience: "public" | "professional";
                reportType: "adr" | "aefi" | "other";
                fields: ({
                    /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                    path: string;
                    e2b: string;
                    kind: "text" | "code" | "date" | "boolean" | "quantity" | "coded" | "attachment" | "list" | "group";
                    required: boolean;
                    nullFlavours: string[];
                    options?: string[];
                    maxLength?: number;
                    pattern?: string;
                  })[];
                layout: {
                  languages: string[];
                  title: {
                    [key: string]: string;
                  };
                  description?: {
                    [key: string]: string;
                  };
                  sections: {
                      id: string;
                      title: {
                        [key: string]: string;
                      };
                      help?: {
                        [key: string]: string;
                      };
                      /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                      repeat?: string;
                      questions: {
                          /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                          field: string;
                          label: {
                            [key: string]: string;
                          };
                          help?: {
                            [key: string]: string;
                          };
                          error?: {
                            [key: string]: string;
                          };
                          options?: {
                              value: string;
                              label: {
                                [key: string]: string;
                              };
                            }[];
                          picklist?: string;
                        }[];
                    }[];
                };
                conditions: ({
                    when: string;
                    action: "show" | "hide" | "require";
                    targets: string[];
                  })[];
              };
              changes: ({
                  path: string;
                  change: "added" | "removed" | "changed";
                })[];
              /** Format: date-time */
              createdAt: string;
            };
          };
        };
      };
    };
  };
  "/v1/formschemas": {
    /** Form schemas (administrators) */
    get: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                platformId: string;
                organisationId: string | null;
                key: string;
                name: string;
                description: string;
                reportType: "adr" | "aefi" | "other";
                fields: ({
                    /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                    path: string;
                    e2b: string;
                    kind: "text" | "code" | "date" | "boolean" | "quantity" | "coded" | "attachment" | "list" | "group";
                    required: boolean;
                    nullFlavours: string[];
                    options?: string[];
                    maxLength?: number;
                    pattern?: string;
                  })[];
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                version: number;
              })[];
          };
        };
      };
    };
  };
  "/v1/formschema/{id}": {
    /** One form schema */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              organisationId: string | null;
              key: string;
              name: string;
              description: string;
              reportType: "adr" | "aefi" | "other";
              fields: ({
                  /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                  path: string;
                  e2b: string;
                  kind: "text" | "code" | "date" | "boolean" | "quantity" | "coded" | "attachment" | "list" | "group";
                  required: boolean;
                  nullFlavours: string[];
                  options?: string[];
                  maxLength?: number;
                  pattern?: string;
                })[];
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
            };
          };
        };
      };
    };
    /** Change a form schema: the case-document fields the form collects (bound with their E2B ids) */
    put: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            name?: string;
            description?: string;
            reportType?: "adr" | "aefi" | "other";
            fields?: {
                /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                path: string;
                required?: boolean;
              }[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              organisationId: string | null;
              key: string;
              name: string;
              description: string;
              reportType: "adr" | "aefi" | "other";
              fields: ({
                  /** @description e.g. `D.sex`, `E.reactions[].nativeTerm` */
                  path: string;
                  e2b: string;
                  kind: "text" | "code" | "date" | "boolean" | "quantity" | "coded" | "attachment" | "list" | "group";
                  required: boolean;
                  nullFlavours: string[];
                  options?: string[];
                  maxLength?: number;
                  pattern?: string;
                })[];
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
            };
          };
        };
      };
    };
  };
  "/v1/conditions": {
    /** Change a named condition (`id` in the body) */
    put: {
      requestBody: {
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            name?: string;
            description?: string;
            conditions?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              organisationId: string | null;
              name: string;
              description: string;
              conditions: string;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
            };
          };
        };
      };
    };
    /** Create a named condition (organisationId: the session’s by default; null for the whole platform) */
    post: {
      requestBody: {
        content: {
          "application/json": {
            organisationId?: string | null;
            name: string;
            description?: string;
            conditions: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              organisationId: string | null;
              name: string;
              description: string;
              conditions: string;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
            };
          };
        };
      };
    };
    /** Delete a named condition (`id` in the query) */
    delete: {
      parameters: {
        query: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
  };
  "/v1/integration-management/conditions": {
    /** The named conditions the caller sees; API keys accepted */
    get: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                platformId: string;
                organisationId: string | null;
                name: string;
                description: string;
                conditions: string;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                version: number;
              })[];
          };
        };
      };
    };
    /** Create a named condition; API keys accepted (in their organisation) */
    post: {
      requestBody: {
        content: {
          "application/json": {
            organisationId?: string | null;
            name: string;
            description?: string;
            conditions: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              organisationId: string | null;
              name: string;
              description: string;
              conditions: string;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
            };
          };
        };
      };
    };
  };
  "/v1/integration-management/conditions/{id}": {
    /** Change a named condition; API keys accepted */
    put: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            name?: string;
            description?: string;
            conditions?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              organisationId: string | null;
              name: string;
              description: string;
              conditions: string;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
            };
          };
        };
      };
    };
    /** Delete a named condition; API keys accepted */
    delete: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
  };
  "/v1/report": {
    /**
     * Send a report, or save it as a draft (status "draft"); anonymous where the platform allows it
     * @description Every problem is answered at once (400 VALIDATION_FAILED, meta.fields). With an Idempotency-Key, a retry answers the first answer again and never makes a second report; the same key with another body is 422 IDEMPOTENCY_KEY_REUSED.
     */
    post: {
      parameters: {
        header?: {
          "idempotency-key"?: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            /** Format: uuid */
            userId?: string;
            report?: {
              [key: string]: unknown;
            };
            /** Format: uuid */
            organisationId?: string;
            /** Format: uuid */
            formViewVersionId?: string;
            /** Format: uuid */
            formSchemaId?: string;
            status?: "draft" | "submitted";
            source?: string;
            sourceId?: string;
            /** Format: uuid */
            followUpUserId?: string;
            /** Format: uuid */
            currentReportId?: string;
            attachmentFields?: {
                id?: string;
                attachmentfile?: string;
                attachmenturl?: string;
                attachmentcomments?: string;
                attachmenttype?: string;
                hasFile?: boolean;
              }[];
            /** @default auth */
            uploadType: string;
            reportXML?: string;
            extReportId?: string;
            name?: string;
            /** Format: email */
            email?: string;
            token?: string;
            /** Format: email */
            emailAddress?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              reference: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              status: string;
              anonymous: boolean;
              reporterUserId: string | null;
              formViewId: string | null;
              formViewVersionId: string | null;
              formSchemaId: string | null;
              source: string | null;
              sourceId: string | null;
              extReportId: string | null;
              name: string | null;
              uploadType: string;
              receiptDate: string | null;
              reportType: string | null;
              serious: boolean;
              seriousness: string[];
              country: string | null;
              reportVersion: number;
              report: {
                [key: string]: unknown;
              };
              attachmentFields: {
                  id?: string;
                  attachmentfile?: string;
                  attachmenturl?: string;
                  attachmentcomments?: string;
                  attachmenttype?: string;
                  hasFile?: boolean;
                }[];
              submittedAt: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
            };
          };
        };
      };
    };
  };
  "/v1/report/post": {
    /**
     * Send a report and its files in one multipart/form-data request
     * @description Part `report`: the JSON body of POST /v1/report. File parts: each named by the `id` of its entry in `attachmentFields` (another name adds an entry); checked by content and size as uploads are, stored with the report in one transaction. Idempotency-Key as for POST /v1/report.
     */
    post: {
      parameters: {
        header?: {
          "idempotency-key"?: string;
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              reference: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              status: string;
              anonymous: boolean;
              reporterUserId: string | null;
              formViewId: string | null;
              formViewVersionId: string | null;
              formSchemaId: string | null;
              source: string | null;
              sourceId: string | null;
              extReportId: string | null;
              name: string | null;
              uploadType: string;
              receiptDate: string | null;
              reportType: string | null;
              serious: boolean;
              seriousness: string[];
              country: string | null;
              reportVersion: number;
              report: {
                [key: string]: unknown;
              };
              attachmentFields: {
                  id?: string;
                  attachmentfile?: string;
                  attachmenturl?: string;
                  attachmentcomments?: string;
                  attachmenttype?: string;
                  hasFile?: boolean;
                }[];
              submittedAt: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
            };
          };
        };
      };
    };
  };
  "/v1/report/{id}": {
    /** Save a new version of a report: resume a draft, send it, or complete a sent report */
    put: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            /** Format: uuid */
            userId?: string;
            report?: {
              [key: string]: unknown;
            };
            /** Format: uuid */
            organisationId?: string;
            /** Format: uuid */
            formViewVersionId?: string;
            /** Format: uuid */
            formSchemaId?: string;
            status?: "draft" | "submitted";
            source?: string;
            sourceId?: string;
            /** Format: uuid */
            followUpUserId?: string;
            /** Format: uuid */
            currentReportId?: string;
            attachmentFields?: {
                id?: string;
                attachmentfile?: string;
                attachmenturl?: string;
                attachmentcomments?: string;
                attachmenttype?: string;
                hasFile?: boolean;
              }[];
            /** @default auth */
            uploadType: string;
            reportXML?: string;
            extReportId?: string;
            name?: string;
            /** Format: email */
            email?: string;
            token?: string;
            /** Format: email */
            emailAddress?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              reference: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              status: string;
              anonymous: boolean;
              reporterUserId: string | null;
              formViewId: string | null;
              formViewVersionId: string | null;
              formSchemaId: string | null;
              source: string | null;
              sourceId: string | null;
              extReportId: string | null;
              name: string | null;
              uploadType: string;
              receiptDate: string | null;
              reportType: string | null;
              serious: boolean;
              seriousness: string[];
              country: string | null;
              reportVersion: number;
              report: {
                [key: string]: unknown;
              };
              attachmentFields: {
                  id?: string;
                  attachmentfile?: string;
                  attachmenturl?: string;
                  attachmentcomments?: string;
                  attachmenttype?: string;
                  hasFile?: boolean;
                }[];
              submittedAt: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
            };
          };
        };
      };
    };
  };
  "/v1/report/draft/{id}": {
    /** Delete a draft report */
    delete: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
  };
  "/v1/report/validate/{id}": {
    /** What sending the stored report (or draft) would be refused for, in the words of a 400 */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              status: string;
              valid: boolean;
              fields: {
                  field: string;
                  message: string;
                  reason?: string;
                  limit?: number;
                }[];
            };
          };
        };
      };
    };
  };
  "/v1/report/validate/type/{type}": {
    /** The checks a draft, or a report being sent, must pass */
    get: {
      parameters: {
        path: {
          type: "draft" | "submitted";
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              type: string;
              rules: {
                  field: string;
                  rule: string;
                  message: string;
                }[];
            };
          };
        };
      };
    };
  };
  "/v1/reports/configuration-versions": {
    /** The form configurations (view, version, schema) reports were filled in with */
    get: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                formViewId: string | null;
                formViewVersionId: string | null;
                formSchemaId: string | null;
                reports: number;
                /** Format: date-time */
                lastReportAt: string;
              })[];
          };
        };
      };
    };
  };
  "/v1/formview/{id}/reports": {
    /** The reports filled in with a form view */
    get: {
      parameters: {
        query?: {
          page?: number;
          size?: number;
        };
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              items: ({
                  /** Format: uuid */
                  id: string;
                  reference: string;
                  /** Format: uuid */
                  organisationId: string;
                  status: string;
                  reporterUserId: string | null;
                  formViewVersionId: string | null;
                  receiptDate: string | null;
                  reportType: string | null;
                  serious: boolean;
                  country: string | null;
                  reportVersion: number;
                  /** Format: date-time */
                  updatedAt: string;
                })[];
              page: number;
              size: number;
              total: number;
            };
          };
        };
      };
    };
  };
  "/v1/formview/{id}/reporters": {
    /** The signed-in people who filed reports with a form view */
    get: {
      parameters: {
        query?: {
          page?: number;
          size?: number;
          query?: string;
        };
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              items: {
                  /** Format: uuid */
                  userId: string;
                  firstName: string;
                  lastName: string;
                  email: string;
                  reports: number;
                  /** Format: date-time */
                  lastReportAt: string;
                }[];
              page: number;
              size: number;
              total: number;
            };
          };
        };
      };
    };
  };
  "/v1/formview/{id}/latest-report-version": {
    /** The caller's own latest report of a form view, with its case document (resume a draft) */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              reference: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              status: string;
              anonymous: boolean;
              reporterUserId: string | null;
              formViewId: string | null;
              formViewVersionId: string | null;
              formSchemaId: string | null;
              source: string | null;
              sourceId: string | null;
              extReportId: string | null;
              name: string | null;
              uploadType: string;
              receiptDate: string | null;
              reportType: string | null;
              serious: boolean;
              seriousness: string[];
              country: string | null;
              reportVersion: number;
              report: {
                [key: string]: unknown;
              };
              attachmentFields: {
                  id?: string;
                  attachmentfile?: string;
                  attachmenturl?: string;
                  attachmentcomments?: string;
                  attachmenttype?: string;
                  hasFile?: boolean;
                }[];
              submittedAt: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
            };
          };
        };
      };
    };
  };
  "/v1/users/@me/cases": {
    /** Your own reports, drafts and sent, newest change first (My reports) */
    get: {
      parameters: {
        query?: {
          mode?: "all" | "draft" | "sent";
          source?: string;
          sourceId?: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                reference: string;
                /** Format: uuid */
                organisationId: string;
                status: string;
                formViewId: string | null;
                formViewVersionId: string | null;
                formName: string | null;
                reportVersion: number;
                submittedAt: string | null;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
              })[];
          };
        };
      };
    };
  };
  "/v1/users/@me/cases/{id}": {
    /** One of your own reports as you sent it (My reports, read only): the document of the last version you wrote, with its reference and who received it */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              reference: string;
              /** Format: uuid */
              organisationId: string;
              status: string;
              formViewId: string | null;
              formViewVersionId: string | null;
              formName: string | null;
              reportVersion: number;
              submittedAt: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              organisationName: string;
              sentVersion: number;
              report: {
                [key: string]: unknown;
              };
            };
          };
        };
      };
    };
  };
  "/v1/reports": {
    /**
     * Search the cases of your organisations (open and overdue first by default)
     * @description Every filter of the contract row, plus serious, overdue, assignee (@me, none or a user id), deleted (administrators) and sort. `query` searches the narrative, the reactions as reported and the medicines (full text and partial words) and the reference. Pass the answer's `nextCursor` as `cursor` with the next page to read it by key (fast however deep).
     */
    get: {
      parameters: {
        query?: {
          page?: number;
          size?: number;
          cursor?: string;
          dateFrom?: string;
          dateTo?: string;
          organisationId?: string;
          status?: ("draft" | "received" | "in_triage" | "assigned" | "coded" | "verified" | "ready_to_submit" | "submitted" | "closed" | "nullified" | "duplicate")[];
          type?: string[];
          sources?: string[];
          stage?: "draft" | "open" | "done" | "void";
          query?: string;
          extReportId?: string;
          ids?: string[];
          application?: string;
          latestVersion?: boolean;
          includeFormviews?: string[];
          locations?: string[];
          sender?: string;
          regulatorSenderId?: string;
          serious?: boolean;
          assignee?: string;
          overdue?: boolean;
          deleted?: boolean;
          origin?: ("public" | "professional" | "import" | "api")[];
          product?: string;
          reaction?: string;
          attention?: ("new_information" | "rejected")[];
          sort?: "priority" | "received" | "-received" | "updated" | "-updated" | "reference";
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              items: ({
                  /** Format: uuid */
                  id: string;
                  reference: string;
                  /** Format: uuid */
                  platformId: string;
                  /** Format: uuid */
                  organisationId: string;
                  status: string;
                  name: string | null;
                  source: string | null;
                  extReportId: string | null;
                  reportType: string | null;
                  serious: boolean;
                  seriousness: string[];
                  country: string | null;
                  reporterUserId: string | null;
                  assigneeUserId: string | null;
                  formViewId: string | null;
                  reportVersion: number;
                  clock: {
                    dayZero: string | null;
                    days: number;
                    dueDate: string | null;
                    daysLeft: number | null;
                    overdue: boolean;
                    running: boolean;
                  };
                  /** Format: date-time */
                  createdAt: string;
                  /** Format: date-time */
                  updatedAt: string;
                  receiptDate: string | null;
                  origin: ("public" | "professional" | "import" | "api") | null;
                  suspectProducts: string[];
                  reactions: string[];
                  reactionsCoded: boolean;
                  assigneeName: string | null;
                  attention: ({
                    kind: "new_information" | "rejected";
                    /** Format: date-time */
                    since: string;
                  }) | null;
                })[];
              page: number;
              size: number;
              total: number;
              nextCursor: string | null;
            };
          };
        };
      };
    };
  };
  "/v1/reports/export": {
    /**
     * Export any case search as CSV or XLSX (a background export: progress, listed, downloadable)
     * @description The same fields as GET /v1/reports, in the body; `organisationId` names the organisation whose cases are exported (the session's by default). Follow it with GET /v1/exports/{id}; the file is GET /v1/exports/{id}/file. Cells starting with =, +, - or @ are neutralised.
     */
    post: {
      requestBody: {
        content: {
          "application/json": {
            /** @default xlsx */
            format: "csv" | "xlsx";
            /** Format: date */
            dateFrom?: string;
            /** Format: date */
            dateTo?: string;
            /** Format: uuid */
            organisationId?: string;
            status?: ("draft" | "received" | "in_triage" | "assigned" | "coded" | "verified" | "ready_to_submit" | "submitted" | "closed" | "nullified" | "duplicate")[];
            type?: string[];
            sources?: string[];
            stage?: "draft" | "open" | "done" | "void";
            query?: string;
            extReportId?: string;
            ids?: string[];
            /** Format: uuid */
            application?: string;
            latestVersion?: boolean;
            includeFormviews?: string[];
            locations?: string[];
            sender?: string;
            regulatorSenderId?: string;
            serious?: boolean;
            assignee?: string;
            overdue?: boolean;
            deleted?: boolean;
            origin?: ("public" | "professional" | "import" | "api")[];
            product?: string;
            reaction?: string;
            attention?: ("new_information" | "rejected")[];
            sort?: "priority" | "received" | "-received" | "updated" | "-updated" | "reference";
          };
        };
      };
      responses: {
        /** @description Default Response */
        202: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              organisationId: string;
              kind: string;
              status: "queued" | "running" | "done" | "failed";
              progress: number;
              error: string | null;
              fileName: string | null;
              size: number | null;
              /** Format: date-time */
              createdAt: string;
              startedAt: string | null;
              finishedAt: string | null;
              rowCount: number | null;
              truncated: boolean;
              version: number;
            };
          };
        };
      };
    };
  };
  "/v1/reports/external/{extReportId}": {
    /** A case found by the sender's own id for it (`extReportId`; the newest when several) */
    get: {
      parameters: {
        path: {
          extReportId: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              reference: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              status: string;
              anonymous: boolean;
              reporterUserId: string | null;
              formViewId: string | null;
              formViewVersionId: string | null;
              formSchemaId: string | null;
              source: string | null;
              sourceId: string | null;
              extReportId: string | null;
              name: string | null;
              uploadType: string;
              receiptDate: string | null;
              reportType: string | null;
              serious: boolean;
              seriousness: string[];
              country: string | null;
              reportVersion: number;
              report: {
                [key: string]: unknown;
              };
              attachmentFields: {
                  id?: string;
                  attachmentfile?: string;
                  attachmenturl?: string;
                  attachmentcomments?: string;
                  attachmenttype?: string;
                  hasFile?: boolean;
                }[];
              submittedAt: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
              assigneeUserId: string | null;
              assigneeName: string | null;
              assignedAt: string | null;
              criteria: {
                patient: boolean;
                reporter: boolean;
                product: boolean;
                reaction: boolean;
                valid: boolean;
              };
              clock: {
                dayZero: string | null;
                days: number;
                dueDate: string | null;
                daysLeft: number | null;
                overdue: boolean;
                running: boolean;
              };
              allowedTransitions: ("draft" | "received" | "in_triage" | "assigned" | "coded" | "verified" | "ready_to_submit" | "submitted" | "closed" | "nullified" | "duplicate")[];
              canEdit: boolean;
              attention: ({
                kind: "new_information" | "rejected";
                /** Format: date-time */
                since: string;
              }) | null;
              awaitingApproval: boolean;
              nextStep: ({
                status: "draft" | "received" | "in_triage" | "assigned" | "coded" | "verified" | "ready_to_submit" | "submitted" | "closed" | "nullified" | "duplicate";
                roles: string[];
              }) | null;
              deleted: ({
                /** Format: date-time */
                at: string;
                by: string | null;
                reason: string | null;
              }) | null;
              trace: ({
                /** Format: uuid */
                fromOrganisationId: string;
                /** Format: uuid */
                toOrganisationId: string;
                /** Format: date-time */
                at: string;
                reason: string | null;
              }) | null;
            };
          };
        };
      };
    };
  };
  "/v1/reports/{id}": {
    /** A case: the report, its four minimum criteria, seriousness, day zero and regulatory clock */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              reference: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              status: string;
              anonymous: boolean;
              reporterUserId: string | null;
              formViewId: string | null;
              formViewVersionId: string | null;
              formSchemaId: string | null;
              source: string | null;
              sourceId: string | null;
              extReportId: string | null;
              name: string | null;
              uploadType: string;
              receiptDate: string | null;
              reportType: string | null;
              serious: boolean;
              seriousness: string[];
              country: string | null;
              reportVersion: number;
              report: {
                [key: string]: unknown;
              };
              attachmentFields: {
                  id?: string;
                  attachmentfile?: string;
                  attachmenturl?: string;
                  attachmentcomments?: string;
                  attachmenttype?: string;
                  hasFile?: boolean;
                }[];
              submittedAt: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
              assigneeUserId: string | null;
              assigneeName: string | null;
              assignedAt: string | null;
              criteria: {
                patient: boolean;
                reporter: boolean;
                product: boolean;
                reaction: boolean;
                valid: boolean;
              };
              clock: {
                dayZero: string | null;
                days: number;
                dueDate: string | null;
                daysLeft: number | null;
                overdue: boolean;
                running: boolean;
              };
              allowedTransitions: ("draft" | "received" | "in_triage" | "assigned" | "coded" | "verified" | "ready_to_submit" | "submitted" | "closed" | "nullified" | "duplicate")[];
              canEdit: boolean;
              attention: ({
                kind: "new_information" | "rejected";
                /** Format: date-time */
                since: string;
              }) | null;
              awaitingApproval: boolean;
              nextStep: ({
                status: "draft" | "received" | "in_triage" | "assigned" | "coded" | "verified" | "ready_to_submit" | "submitted" | "closed" | "nullified" | "duplicate";
                roles: string[];
              }) | null;
              deleted: ({
                /** Format: date-time */
                at: string;
                by: string | null;
                reason: string | null;
              }) | null;
              trace: ({
                /** Format: uuid */
                fromOrganisationId: string;
                /** Format: uuid */
                toOrganisationId: string;
                /** Format: date-time */
                at: string;
                reason: string | null;
              }) | null;
            };
          };
        };
      };
    };
    /** Delete a case (kept, hidden from every read; an administrator can restore it) */
    delete: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            reason?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
  };
  "/v1/reports/{id}/status": {
    /**
     * Move a case along its lifecycle
     * @description An illegal step answers 409 INVALID_TRANSITION with meta.current and meta.allowed; a step your role does not make, 403; "submitted" while the case's message waits for an assessor's signed approval, 409 AWAITING_APPROVAL (the approved message, sent, submits the case). Nullifying, marking a duplicate and reopening need a reason.
     */
    put: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            status: "draft" | "received" | "in_triage" | "assigned" | "coded" | "verified" | "ready_to_submit" | "submitted" | "closed" | "nullified" | "duplicate";
            reason?: string;
            /** Format: uuid */
            duplicateOf?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              reference: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              status: string;
              anonymous: boolean;
              reporterUserId: string | null;
              formViewId: string | null;
              formViewVersionId: string | null;
              formSchemaId: string | null;
              source: string | null;
              sourceId: string | null;
              extReportId: string | null;
              name: string | null;
              uploadType: string;
              receiptDate: string | null;
              reportType: string | null;
              serious: boolean;
              seriousness: string[];
              country: string | null;
              reportVersion: number;
              report: {
                [key: string]: unknown;
              };
              attachmentFields: {
                  id?: string;
                  attachmentfile?: string;
                  attachmenturl?: string;
                  attachmentcomments?: string;
                  attachmenttype?: string;
                  hasFile?: boolean;
                }[];
              submittedAt: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
              assigneeUserId: string | null;
              assigneeName: string | null;
              assignedAt: string | null;
              criteria: {
                patient: boolean;
                reporter: boolean;
                product: boolean;
                reaction: boolean;
                valid: boolean;
              };
              clock: {
                dayZero: string | null;
                days: number;
                dueDate: string | null;
                daysLeft: number | null;
                overdue: boolean;
                running: boolean;
              };
              allowedTransitions: ("draft" | "received" | "in_triage" | "assigned" | "coded" | "verified" | "ready_to_submit" | "submitted" | "closed" | "nullified" | "duplicate")[];
              canEdit: boolean;
              attention: ({
                kind: "new_information" | "rejected";
                /** Format: date-time */
                since: string;
              }) | null;
              awaitingApproval: boolean;
              nextStep: ({
                status: "draft" | "received" | "in_triage" | "assigned" | "coded" | "verified" | "ready_to_submit" | "submitted" | "closed" | "nullified" | "duplicate";
                roles: string[];
              }) | null;
              deleted: ({
                /** Format: date-time */
                at: string;
                by: string | null;
                reason: string | null;
              }) | null;
              trace: ({
                /** Format: uuid */
                fromOrganisationId: string;
                /** Format: uuid */
                toOrganisationId: string;
                /** Format: date-time */
                at: string;
                reason: string | null;
              }) | null;
            };
          };
        };
      };
    };
  };
  "/v1/reports/{id}/restore": {
    /** Restore a deleted case */
    post: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            reason?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              reference: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              status: string;
              anonymous: boolean;
              reporterUserId: string | null;
              formViewId: string | null;
              formViewVersionId: string | null;
              formSchemaId: string | null;
              source: string | null;
              sourceId: string | null;
              extReportId: string | null;
              name: string | null;
              uploadType: string;
              receiptDate: string | null;
              reportType: string | null;
              serious: boolean;
              seriousness: string[];
              country: string | null;
              reportVersion: number;
              report: {
                [key: string]: unknown;
              };
              attachmentFields: {
                  id?: string;
                  attachmentfile?: string;
                  attachmenturl?: string;
                  attachmentcomments?: string;
                  attachmenttype?: string;
                  hasFile?: boolean;
                }[];
              submittedAt: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
              assigneeUserId: string | null;
              assigneeName: string | null;
              assignedAt: string | null;
              criteria: {
                patient: boolean;
                reporter: boolean;
                product: boolean;
                reaction: boolean;
                valid: boolean;
              };
              clock: {
                dayZero: string | null;
                days: number;
                dueDate: string | null;
                daysLeft: number | null;
                overdue: boolean;
                running: boolean;
              };
              allowedTransitions: ("draft" | "received" | "in_triage" | "assigned" | "coded" | "verified" | "ready_to_submit" | "submitted" | "closed" | "nullified" | "duplicate")[];
              canEdit: boolean;
              attention: ({
                kind: "new_information" | "rejected";
                /** Format: date-time */
                since: string;
              }) | null;
              awaitingApproval: boolean;
              nextStep: ({
                status: "draft" | "received" | "in_triage" | "assigned" | "coded" | "verified" | "ready_to_submit" | "submitted" | "closed" | "nullified" | "duplicate";
                roles: string[];
              }) | null;
              deleted: ({
                /** Format: date-time */
                at: string;
                by: string | null;
                reason: string | null;
              }) | null;
              trace: ({
                /** Format: uuid */
                fromOrganisationId: string;
                /** Format: uuid */
                toOrganisationId: string;
                /** Format: date-time */
                at: string;
                reason: string | null;
              }) | null;
            };
          };
        };
      };
    };
  };
  "/v1/report/{id}/assign/user/{userId}": {
    /** Assign a case to a caseworker of its organisation (`@me`: yourself) */
    put: {
      parameters: {
        path: {
          id: string;
          /** @description a user id, or `@me` for the caller */
          userId: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              reference: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              status: string;
              anonymous: boolean;
              reporterUserId: string | null;
              formViewId: string | null;
              formViewVersionId: string | null;
              formSchemaId: string | null;
              source: string | null;
              sourceId: string | null;
              extReportId: string | null;
              name: string | null;
              uploadType: string;
              receiptDate: string | null;
              reportType: string | null;
              serious: boolean;
              seriousness: string[];
              country: string | null;
              reportVersion: number;
              report: {
                [key: string]: unknown;
              };
              attachmentFields: {
                  id?: string;
                  attachmentfile?: string;
                  attachmenturl?: string;
                  attachmentcomments?: string;
                  attachmenttype?: string;
                  hasFile?: boolean;
                }[];
              submittedAt: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
              assigneeUserId: string | null;
              assigneeName: string | null;
              assignedAt: string | null;
              criteria: {
                patient: boolean;
                reporter: boolean;
                product: boolean;
                reaction: boolean;
                valid: boolean;
              };
              clock: {
                dayZero: string | null;
                days: number;
                dueDate: string | null;
                daysLeft: number | null;
                overdue: boolean;
                running: boolean;
              };
              allowedTransitions: ("draft" | "received" | "in_triage" | "assigned" | "coded" | "verified" | "ready_to_submit" | "submitted" | "closed" | "nullified" | "duplicate")[];
              canEdit: boolean;
              attention: ({
                kind: "new_information" | "rejected";
                /** Format: date-time */
                since: string;
              }) | null;
              awaitingApproval: boolean;
              nextStep: ({
                status: "draft" | "received" | "in_triage" | "assigned" | "coded" | "verified" | "ready_to_submit" | "submitted" | "closed" | "nullified" | "duplicate";
                roles: string[];
              }) | null;
              deleted: ({
                /** Format: date-time */
                at: string;
                by: string | null;
                reason: string | null;
              }) | null;
              trace: ({
                /** Format: uuid */
                fromOrganisationId: string;
                /** Format: uuid */
                toOrganisationId: string;
                /** Format: date-time */
                at: string;
                reason: string | null;
              }) | null;
            };
          };
        };
      };
    };
  };
  "/v1/report/{id}/assign": {
    /** Assign a case: to `userId`, or to yourself when the body names nobody */
    post: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            /** @description a user id, or `@me` for the caller */
            userId?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              reference: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              status: string;
              anonymous: boolean;
              reporterUserId: string | null;
              formViewId: string | null;
              formViewVersionId: string | null;
              formSchemaId: string | null;
              source: string | null;
              sourceId: string | null;
              extReportId: string | null;
              name: string | null;
              uploadType: string;
              receiptDate: string | null;
              reportType: string | null;
              serious: boolean;
              seriousness: string[];
              country: string | null;
              reportVersion: number;
              report: {
                [key: string]: unknown;
              };
              attachmentFields: {
                  id?: string;
                  attachmentfile?: string;
                  attachmenturl?: string;
                  attachmentcomments?: string;
                  attachmenttype?: string;
                  hasFile?: boolean;
                }[];
              submittedAt: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
              assigneeUserId: string | null;
              assigneeName: string | null;
              assignedAt: string | null;
              criteria: {
                patient: boolean;
                reporter: boolean;
                product: boolean;
                reaction: boolean;
                valid: boolean;
              };
              clock: {
                dayZero: string | null;
                days: number;
                dueDate: string | null;
                daysLeft: number | null;
                overdue: boolean;
                running: boolean;
              };
              allowedTransitions: ("draft" | "received" | "in_triage" | "assigned" | "coded" | "verified" | "ready_to_submit" | "submitted" | "closed" | "nullified" | "duplicate")[];
              canEdit: boolean;
              attention: ({
                kind: "new_information" | "rejected";
                /** Format: date-time */
                since: string;
              }) | null;
              awaitingApproval: boolean;
              nextStep: ({
                status: "draft" | "received" | "in_triage" | "assigned" | "coded" | "verified" | "ready_to_submit" | "submitted" | "closed" | "nullified" | "duplicate";
                roles: string[];
              }) | null;
              deleted: ({
                /** Format: date-time */
                at: string;
                by: string | null;
                reason: string | null;
              }) | null;
              trace: ({
                /** Format: uuid */
                fromOrganisationId: string;
                /** Format: uuid */
                toOrganisationId: string;
                /** Format: date-time */
                at: string;
                reason: string | null;
              }) | null;
            };
          };
        };
      };
    };
  };
  "/v1/report/{id}/assignment-token": {
    /**
     * A single-use link (7 days) with which a caseworker of the organisation takes the case
     * @description The token is shown once; only its hash is kept.
     */
    post: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              token: string;
              /** Format: date-time */
              expiresAt: string;
            };
          };
        };
      };
    };
  };
  "/v1/report/{id}/verify/{token}": {
    /** Whether an assignment link would assign the case now (changes nothing) */
    get: {
      parameters: {
        path: {
          id: string;
          token: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              valid: boolean;
              state: "valid" | "used" | "expired";
              /** Format: uuid */
              reportId: string;
              reference: string;
              /** Format: date-time */
              expiresAt: string;
            };
          };
        };
      };
    };
  };
  "/v1/report/{id}/assign/{token}": {
    /** Take a case with an assignment link (once; 409 ASSIGNMENT_TOKEN_USED, 410 ASSIGNMENT_TOKEN_EXPIRED) */
    put: {
      parameters: {
        path: {
          id: string;
          token: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              reference: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              status: string;
              anonymous: boolean;
              reporterUserId: string | null;
              formViewId: string | null;
              formViewVersionId: string | null;
              formSchemaId: string | null;
              source: string | null;
              sourceId: string | null;
              extReportId: string | null;
              name: string | null;
              uploadType: string;
              receiptDate: string | null;
              reportType: string | null;
              serious: boolean;
              seriousness: string[];
              country: string | null;
              reportVersion: number;
              report: {
                [key: string]: unknown;
              };
              attachmentFields: {
                  id?: string;
                  attachmentfile?: string;
                  attachmenturl?: string;
                  attachmentcomments?: string;
                  attachmenttype?: string;
                  hasFile?: boolean;
                }[];
              submittedAt: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
              assigneeUserId: string | null;
              assigneeName: string | null;
              assignedAt: string | null;
              criteria: {
                patient: boolean;
                reporter: boolean;
                product: boolean;
                reaction: boolean;
                valid: boolean;
              };
              clock: {
                dayZero: string | null;
                days: number;
                dueDate: string | null;
                daysLeft: number | null;
                overdue: boolean;
                running: boolean;
              };
              allowedTransitions: ("draft" | "received" | "in_triage" | "assigned" | "coded" | "verified" | "ready_to_submit" | "submitted" | "closed" | "nullified" | "duplicate")[];
              canEdit: boolean;
              attention: ({
                kind: "new_information" | "rejected";
                /** Format: date-time */
                since: string;
              }) | null;
              awaitingApproval: boolean;
              nextStep: ({
                status: "draft" | "received" | "in_triage" | "assigned" | "coded" | "verified" | "ready_to_submit" | "submitted" | "closed" | "nullified" | "duplicate";
                roles: string[];
              }) | null;
              deleted: ({
                /** Format: date-time */
                at: string;
                by: string | null;
                reason: string | null;
              }) | null;
              trace: ({
                /** Format: uuid */
                fromOrganisationId: string;
                /** Format: uuid */
                toOrganisationId: string;
                /** Format: date-time */
                at: string;
                reason: string | null;
              }) | null;
            };
          };
        };
      };
    };
  };
  "/v1/report/{id}/reassign/organisation/{organisationId}": {
    /** Send a case to another organisation of the platform (the sender keeps a read-only trace) */
    put: {
      parameters: {
        path: {
          id: string;
          organisationId: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            reason?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              reference: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              status: string;
              anonymous: boolean;
              reporterUserId: string | null;
              formViewId: string | null;
              formViewVersionId: string | null;
              formSchemaId: string | null;
              source: string | null;
              sourceId: string | null;
              extReportId: string | null;
              name: string | null;
              uploadType: string;
              receiptDate: string | null;
              reportType: string | null;
              serious: boolean;
              seriousness: string[];
              country: string | null;
              reportVersion: number;
              report: {
                [key: string]: unknown;
              };
              attachmentFields: {
                  id?: string;
                  attachmentfile?: string;
                  attachmenturl?: string;
                  attachmentcomments?: string;
                  attachmenttype?: string;
                  hasFile?: boolean;
                }[];
              submittedAt: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
              assigneeUserId: string | null;
              assigneeName: string | null;
              assignedAt: string | null;
              criteria: {
                patient: boolean;
                reporter: boolean;
                product: boolean;
                reaction: boolean;
                valid: boolean;
              };
              clock: {
                dayZero: string | null;
                days: number;
                dueDate: string | null;
                daysLeft: number | null;
                overdue: boolean;
                running: boolean;
              };
              allowedTransitions: ("draft" | "received" | "in_triage" | "assigned" | "coded" | "verified" | "ready_to_submit" | "submitted" | "closed" | "nullified" | "duplicate")[];
              canEdit: boolean;
              attention: ({
                kind: "new_information" | "rejected";
                /** Format: date-time */
                since: string;
              }) | null;
              awaitingApproval: boolean;
              nextStep: ({
                status: "draft" | "received" | "in_triage" | "assigned" | "coded" | "verified" | "ready_to_submit" | "submitted" | "closed" | "nullified" | "duplicate";
                roles: string[];
              }) | null;
              deleted: ({
                /** Format: date-time */
                at: string;
                by: string | null;
                reason: string | null;
              }) | null;
              trace: ({
                /** Format: uuid */
                fromOrganisationId: string;
                /** Format: uuid */
                toOrganisationId: string;
                /** Format: date-time */
                at: string;
                reason: string | null;
              }) | null;
            };
          };
        };
      };
    };
  };
  "/v1/report/{id}/location-change-check": {
    /**
     * What moving a case to other locations would change: who would lose or gain sight of it
     * @description For each location (of the case's organisation): the user groups that would stop or start allowing the case, the caseworkers who would lose or gain it, and whether you would. Nothing is changed.
     */
    get: {
      parameters: {
        query: {
          locations: string[];
        };
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              reportId: string;
              currentLocationId: string | null;
              seeingNow: number;
              locations: ({
                  /** Format: uuid */
                  locationId: string;
                  name: string;
                  seeing: number;
                  groups: {
                    gain: {
                        /** Format: uuid */
                        id: string;
                        name: string;
                      }[];
                    lose: {
                        /** Format: uuid */
                        id: string;
                        name: string;
                      }[];
                  };
                  users: {
                    gain: ({
                        /** Format: uuid */
                        id: string;
                        name: string;
                        email: string | null;
                      })[];
                    lose: ({
                        /** Format: uuid */
                        id: string;
                        name: string;
                        email: string | null;
                      })[];
                  };
                  callerLoses: boolean;
                })[];
            };
          };
        };
      };
    };
  };
  "/v1/report/{id}/name": {
    /** Name a case (its short name in lists) */
    post: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            name: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              reference: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              status: string;
              anonymous: boolean;
              reporterUserId: string | null;
              formViewId: string | null;
              formViewVersionId: string | null;
              formSchemaId: string | null;
              source: string | null;
              sourceId: string | null;
              extReportId: string | null;
              name: string | null;
              uploadType: string;
              receiptDate: string | null;
              reportType: string | null;
              serious: boolean;
              seriousness: string[];
              country: string | null;
              reportVersion: number;
              report: {
                [key: string]: unknown;
              };
              attachmentFields: {
                  id?: string;
                  attachmentfile?: string;
                  attachmenturl?: string;
                  attachmentcomments?: string;
                  attachmenttype?: string;
                  hasFile?: boolean;
                }[];
              submittedAt: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
              assigneeUserId: string | null;
              assigneeName: string | null;
              assignedAt: string | null;
              criteria: {
                patient: boolean;
                reporter: boolean;
                product: boolean;
                reaction: boolean;
                valid: boolean;
              };
              clock: {
                dayZero: string | null;
                days: number;
                dueDate: string | null;
                daysLeft: number | null;
                overdue: boolean;
                running: boolean;
              };
              allowedTransitions: ("draft" | "received" | "in_triage" | "assigned" | "coded" | "verified" | "ready_to_submit" | "submitted" | "closed" | "nullified" | "duplicate")[];
              canEdit: boolean;
              attention: ({
                kind: "new_information" | "rejected";
                /** Format: date-time */
                since: string;
              }) | null;
              awaitingApproval: boolean;
              nextStep: ({
                status: "draft" | "received" | "in_triage" | "assigned" | "coded" | "verified" | "ready_to_submit" | "submitted" | "closed" | "nullified" | "duplicate";
                roles: string[];
              }) | null;
              deleted: ({
                /** Format: date-time */
                at: string;
                by: string | null;
                reason: string | null;
              }) | null;
              trace: ({
                /** Format: uuid */
                fromOrganisationId: string;
                /** Format: uuid */
                toOrganisationId: string;
                /** Format: date-time */
                at: string;
                reason: string | null;
              }) | null;
            };
          };
        };
      };
    };
    /** Remove a case's name */
    delete: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
  };
  "/v1/reports/{id}/regenerate": {
    /** Read the search columns of a case again from its current document */
    put: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              reference: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              status: string;
              anonymous: boolean;
              reporterUserId: string | null;
              formViewId: string | null;
              formViewVersionId: string | null;
              formSchemaId: string | null;
              source: string | null;
              sourceId: string | null;
              extReportId: string | null;
              name: string | null;
              uploadType: string;
              receiptDate: string | null;
              reportType: string | null;
              serious: boolean;
              seriousness: string[];
              country: string | null;
              reportVersion: number;
              report: {
                [key: string]: unknown;
              };
              attachmentFields: {
                  id?: string;
                  attachmentfile?: string;
                  attachmenturl?: string;
                  attachmentcomments?: string;
                  attachmenttype?: string;
                  hasFile?: boolean;
                }[];
              submittedAt: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
              assigneeUserId: string | null;
              assigneeName: string | null;
              assignedAt: string | null;
              criteria: {
                patient: boolean;
                reporter: boolean;
                product: boolean;
                reaction: boolean;
                valid: boolean;
              };
              clock: {
                dayZero: string | null;
                days: number;
                dueDate: string | null;
                daysLeft: number | null;
                overdue: boolean;
                running: boolean;
              };
              allowedTransitions: ("draft" | "received" | "in_triage" | "assigned" | "coded" | "verified" | "ready_to_submit" | "submitted" | "closed" | "nullified" | "duplicate")[];
              canEdit: boolean;
              attention: ({
                kind: "new_information" | "rejected";
                /** Format: date-time */
                since: string;
              }) | null;
              awaitingApproval: boolean;
              nextStep: ({
                status: "draft" | "received" | "in_triage" | "assigned" | "coded" | "verified" | "ready_to_submit" | "submitted" | "closed" | "nullified" | "duplicate";
                roles: string[];
              }) | null;
              deleted: ({
                /** Format: date-time */
                at: string;
                by: string | null;
                reason: string | null;
              }) | null;
              trace: ({
                /** Format: uuid */
                fromOrganisationId: string;
                /** Format: uuid */
                toOrganisationId: string;
                /** Format: date-time */
                at: string;
                reason: string | null;
              }) | null;
            };
          };
        };
      };
    };
  };
  "/v1/reports/{id}/versions": {
    /** A case's document versions, and the reports it follows up or that follow it up */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              reportId: string;
              latestVersion: number;
              versions: ({
                  version: number;
                  /** Format: date-time */
                  createdAt: string;
                  createdBy: string | null;
                  attachments: number;
                  fromReporter: boolean;
                })[];
              previousReportId: string | null;
              followUpReportIds: string[];
            };
          };
        };
      };
    };
  };
  "/v1/reports/{id}/versions/compare": {
    /** Two versions of a case compared field by field */
    get: {
      parameters: {
        query: {
          from: number;
          to: number;
        };
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              reportId: string;
              from: number;
              to: number;
              changes: ({
                  path: string;
                  kind: "added" | "removed" | "changed";
                  old: unknown;
                  new: unknown;
                })[];
            };
          };
        };
      };
    };
  };
  "/v1/saved-searches": {
    /** Your saved searches and those shared in your organisations */
    get: {
      parameters: {
        query?: {
          resource?: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                organisationId: string;
                /** Format: uuid */
                userId: string;
                resource: string;
                name: string;
                description: string | null;
                filters: {
                  [key: string]: unknown;
                };
                shared: boolean;
                mine: boolean;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
              })[];
          };
        };
      };
    };
    /** Save a search (shared: the organisation sees it too) */
    post: {
      requestBody: {
        content: {
          "application/json": {
            name: string;
            description?: string | null;
            filters: {
              [key: string]: unknown;
            };
            /** @default reports */
            resource: string;
            shared?: boolean;
            /** Format: uuid */
            organisationId?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              organisationId: string;
              /** Format: uuid */
              userId: string;
              resource: string;
              name: string;
              description: string | null;
              filters: {
                [key: string]: unknown;
              };
              shared: boolean;
              mine: boolean;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
      };
    };
  };
  "/v1/saved-searches/{id}": {
    /** Change one of your saved searches */
    put: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            name: string;
            description?: string | null;
            filters: {
              [key: string]: unknown;
            };
            /** @default reports */
            resource: string;
            shared?: boolean;
            /** Format: uuid */
            organisationId?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              organisationId: string;
              /** Format: uuid */
              userId: string;
              resource: string;
              name: string;
              description: string | null;
              filters: {
                [key: string]: unknown;
              };
              shared: boolean;
              mine: boolean;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
      };
    };
    /** Delete one of your saved searches */
    delete: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
  };
  "/v1/reports/{id}/audit": {
    /** The audit timeline of a case: who, when (UTC), what, old → new, why */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: date-time */
                at: string;
                action: string;
                summary: string;
                actor: ({
                  /** Format: uuid */
                  id: string;
                  name: string;
                  email: string | null;
                }) | null;
                changes: {
                    field: string;
                    old: unknown;
                    new: unknown;
                  }[];
                reason: string | null;
                reasonCode: "receiver_rejected" | "follow_up" | null;
                acknowledgementCode: string | null;
                requestId: string | null;
              })[];
          };
        };
      };
    };
  };
  "/v1/reports/bulk/status": {
    /**
     * Move each chosen case along its lifecycle (up to 100), saying per case what was refused and why
     * @description Each case is moved as PUT /v1/reports/{id}/status would move it, in its own transaction: a refusal (409 INVALID_TRANSITION, 403, a missing reason, 404 for a case you cannot see) is that case's `error`, and the others go on. A case already in the status is `unchanged`. 403 when you work on no organisation's cases.
     */
    post: {
      requestBody: {
        content: {
          "application/json": {
            ids: string[];
            status: "draft" | "received" | "in_triage" | "assigned" | "coded" | "verified" | "ready_to_submit" | "submitted" | "closed" | "nullified" | "duplicate";
            reason?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              results: ({
                  /** Format: uuid */
                  id: string;
                  reference: string | null;
                  outcome: "changed" | "unchanged" | "refused";
                  status: string | null;
                  error: {
                    code: string;
                    statusCode: number;
                    message: string;
                    error: string;
                    meta: {
                      [key: string]: unknown;
                    };
                  } | null;
                })[];
              changed: number;
              unchanged: number;
              refused: number;
            };
          };
        };
      };
    };
  };
  "/v1/reports/bulk/assign": {
    /**
     * Give each chosen case to one caseworker (yourself by default), saying per case what was refused
     * @description Each case is assigned as POST /v1/report/{id}/assign would, in its own transaction; a case the person already holds is `unchanged`. 403 when you may assign no organisation's cases.
     */
    post: {
      requestBody: {
        content: {
          "application/json": {
            ids: string[];
            /** @description a user id, or `@me` for the caller */
            userId?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              results: ({
                  /** Format: uuid */
                  id: string;
                  reference: string | null;
                  outcome: "changed" | "unchanged" | "refused";
                  status: string | null;
                  error: {
                    code: string;
                    statusCode: number;
                    message: string;
                    error: string;
                    meta: {
                      [key: string]: unknown;
                    };
                  } | null;
                })[];
              changed: number;
              unchanged: number;
              refused: number;
            };
          };
        };
      };
    };
  };
  "/v1/reports/share/{extReportId}": {
    /**
     * The shared view of a case, by its external id or its reference
     * @description Its organisation's caseworkers and the platform's administrators read all of it; a caseworker of an organisation it was shared with reads the clinical core and what the share reveals (`patient`, `reporter`, `narrative`). Attached documents are never shown.
     */
    get: {
      parameters: {
        path: {
          extReportId: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              reference: string;
              extReportId: string | null;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              access: "holder" | "platform" | "shared";
              reveal: ("patient" | "reporter" | "narrative")[];
              sharedAt: string | null;
              status: string;
              reportType: string | null;
              serious: boolean;
              seriousness: string[];
              country: string | null;
              receiptDate: string | null;
              reportVersion: number;
              /** Format: date-time */
              updatedAt: string;
              report: {
                [key: string]: unknown;
              };
            };
          };
        };
      };
    };
  };
  "/v1/report/{id}/share/organisation/{organisationId}": {
    /**
     * Share a case with another organisation of the platform (read-only), or change what it reveals
     * @description Without `reveal` the other organisation sees the clinical core only: no patient identity, no reporter identity, no free text.
     */
    put: {
      parameters: {
        path: {
          id: string;
          organisationId: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            reveal?: ("patient" | "reporter" | "narrative")[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              reportId: string;
              reference: string;
              /** Format: uuid */
              organisationId: string;
              /** Format: uuid */
              sharedWithOrganisationId: string;
              reveal: ("patient" | "reporter" | "narrative")[];
              link: string;
              createdBy: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
      };
    };
    /** Stop sharing a case with an organisation */
    delete: {
      parameters: {
        path: {
          id: string;
          organisationId: string;
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
  };
  "/v1/files/upload-link": {
    /** U-1: a short-lived URL to PUT one file to, with its Content-Type; the URL without its query is what a report keeps */
    post: {
      requestBody: {
        content: {
          "application/json": {
            fileName: string;
            type?: string;
            folderName: "uploads" | "images" | "documents" | "e2b" | "resources";
            contentType: string;
            /** Format: uuid */
            organisationId?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              url: string;
              /** @enum {string} */
              method: "PUT";
              contentType: string;
              fileUrl: string;
              /** Format: uuid */
              fileId: string;
              maxBytes: number;
              /** Format: date-time */
              expiresAt: string;
            };
          };
        };
      };
    };
  };
  "/v1/files/upload/start": {
    /** U-2: start an upload in parts (large files) */
    post: {
      requestBody: {
        content: {
          "application/json": {
            fileName: string;
            contentType: string;
            folderName: "uploads" | "images" | "documents" | "e2b" | "resources";
            size?: number;
            /** Format: uuid */
            organisationId?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              uploadId: string;
              key: string;
              /** Format: uuid */
              fileId: string;
              maxBytes: number;
            };
          };
        };
      };
    };
  };
  "/v1/files/upload/url": {
    /** U-2: a short-lived URL to PUT one part to; its answer carries the part’s ETag */
    post: {
      requestBody: {
        content: {
          "application/json": {
            uploadId: string;
            key: string;
            partNumber: number;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              url: string;
              /** Format: date-time */
              expiresAt: string;
            };
          };
        };
      };
    };
  };
  "/v1/files/upload/complete": {
    /** U-2: join the parts; the content is checked and the stored file answered */
    post: {
      requestBody: {
        content: {
          "application/json": {
            uploadId: string;
            key: string;
            parts: {
                partNumber: number;
                etag: string;
              }[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              organisationId: string;
              folder: string;
              name: string;
              title: string | null;
              contentType: string;
              size: number | null;
              status: "pending" | "stored";
              url: string;
              downloadUrl: string | null;
              reportId: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
            };
          };
        };
      };
    };
  };
  "/v1/files": {
    /** Upload one file in a multipart/form-data request: parts `file`, `folderName` (default uploads), `organisationId`, `title` */
    post: {
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              organisationId: string;
              folder: string;
              name: string;
              title: string | null;
              contentType: string;
              size: number | null;
              status: "pending" | "stored";
              url: string;
              downloadUrl: string | null;
              reportId: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
            };
          };
        };
      };
    };
  };
  "/v1/files/organisation/{organisationId}": {
    /** The organisation's stored files, newest first (at most 1,000), each with a short-lived download link; `reportId`: one report's attachments */
    get: {
      parameters: {
        query?: {
          folder?: "uploads" | "images" | "documents" | "e2b" | "resources";
          reportId?: string;
        };
        path: {
          organisationId: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                organisationId: string;
                folder: string;
                name: string;
                title: string | null;
                contentType: string;
                size: number | null;
                status: "pending" | "stored";
                url: string;
                downloadUrl: string | null;
                reportId: string | null;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                version: number;
              })[];
          };
        };
      };
    };
  };
  "/v1/files/{id}": {
    /** Rename a file or change its title (If-Match: the ETag, optional) */
    put: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            name?: string;
            title?: string | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              organisationId: string;
              folder: string;
              name: string;
              title: string | null;
              contentType: string;
              size: number | null;
              status: "pending" | "stored";
              url: string;
              downloadUrl: string | null;
              reportId: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
            };
          };
        };
      };
    };
    /** Delete a file */
    delete: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
  };
  "/v1/files/bulk-download-url": {
    /** A short-lived link to a zip of these files (all must be yours to download) */
    post: {
      requestBody: {
        content: {
          "application/json": {
            ids: string[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              url: string;
              /** Format: date-time */
              expiresAt: string;
            };
          };
        };
      };
    };
  };
  "/v1/resources": {
    /** The organisation's shared documents, each with a short-lived download link */
    get: {
      parameters: {
        query?: {
          organisationId?: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                organisationId: string;
                folder: string;
                name: string;
                title: string | null;
                contentType: string;
                size: number | null;
                status: "pending" | "stored";
                url: string;
                downloadUrl: string | null;
                reportId: string | null;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                version: number;
              })[];
          };
        };
      };
    };
    /** Share a document with the organisation (multipart: `file`, `title`, `organisationId`) */
    post: {
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              organisationId: string;
              folder: string;
              name: string;
              title: string | null;
              contentType: string;
              size: number | null;
              status: "pending" | "stored";
              url: string;
              downloadUrl: string | null;
              reportId: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
            };
          };
        };
      };
    };
  };
  "/v1/resources/{id}": {
    /** Remove a shared document */
    delete: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
  };
  "/v1/exports": {
    /** The organisation's exports, newest first, with their progress */
    get: {
      parameters: {
        query?: {
          organisationId?: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                organisationId: string;
                kind: string;
                status: "queued" | "running" | "done" | "failed";
                progress: number;
                error: string | null;
                fileName: string | null;
                size: number | null;
                /** Format: date-time */
                createdAt: string;
                startedAt: string | null;
                finishedAt: string | null;
                rowCount: number | null;
                truncated: boolean;
                version: number;
              })[];
          };
        };
      };
    };
    /** Start an export in the background (kind users.csv); follow it with GET /v1/exports/{id} */
    post: {
      requestBody: {
        content: {
          "application/json": {
            kind: "users.csv" | "reports.csv" | "reports.xlsx";
            /** Format: uuid */
            organisationId?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        202: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              organisationId: string;
              kind: string;
              status: "queued" | "running" | "done" | "failed";
              progress: number;
              error: string | null;
              fileName: string | null;
              size: number | null;
              /** Format: date-time */
              createdAt: string;
              startedAt: string | null;
              finishedAt: string | null;
              rowCount: number | null;
              truncated: boolean;
              version: number;
            };
          };
        };
      };
    };
  };
  "/v1/exports/{id}": {
    /** One export and its progress */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              organisationId: string;
              kind: string;
              status: "queued" | "running" | "done" | "failed";
              progress: number;
              error: string | null;
              fileName: string | null;
              size: number | null;
              /** Format: date-time */
              createdAt: string;
              startedAt: string | null;
              finishedAt: string | null;
              rowCount: number | null;
              truncated: boolean;
              version: number;
            };
          };
        };
      };
    };
  };
  "/v1/exports/{id}/file": {
    /** A finished export's file (409 while it is being made) */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": string;
          };
        };
      };
    };
  };
  "/v1/exports/{id}/regenerate": {
    /** Make the export again from today's data */
    put: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        202: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              organisationId: string;
              kind: string;
              status: "queued" | "running" | "done" | "failed";
              progress: number;
              error: string | null;
              fileName: string | null;
              size: number | null;
              /** Format: date-time */
              createdAt: string;
              startedAt: string | null;
              finishedAt: string | null;
              rowCount: number | null;
              truncated: boolean;
              version: number;
            };
          };
        };
      };
    };
  };
  "/v1/reports/json2xml": {
    /** A case document written as an ICH E2B(R3) message (text; nothing is stored) */
    post: {
      requestBody: {
        content: {
          "application/json": {
            report: {
              [key: string]: unknown;
            };
            /** Format: uuid */
            organisationId?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/xml": string;
          };
        };
      };
    };
  };
  "/v1/report/{id}/xml": {
    /**
     * Download the case as an E2B(R3) message, for the organisation's default receiver
     * @description Written for the organisation's default receiver (its profile and identifiers; ICH when it named none, decision 0200) unless `profile` names another profile, written then for that profile's regulator. X-E2B-Profile says which, X-E2B-Errors how many findings of severity error it has (see …/xml/validation).
     */
    get: {
      parameters: {
        query?: {
          profile?: "ich" | "fda" | "eu";
        };
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/xml": string;
          };
        };
      };
    };
    /** Save a new version of the case from an E2B(R3) message holding it alone */
    put: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            reportXML: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              reference: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              status: string;
              anonymous: boolean;
              reporterUserId: string | null;
              formViewId: string | null;
              formViewVersionId: string | null;
              formSchemaId: string | null;
              source: string | null;
              sourceId: string | null;
              extReportId: string | null;
              name: string | null;
              uploadType: string;
              receiptDate: string | null;
              reportType: string | null;
              serious: boolean;
              seriousness: string[];
              country: string | null;
              reportVersion: number;
              report: {
                [key: string]: unknown;
              };
              attachmentFields: {
                  id?: string;
                  attachmentfile?: string;
                  attachmenturl?: string;
                  attachmentcomments?: string;
                  attachmenttype?: string;
                  hasFile?: boolean;
                }[];
              submittedAt: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              version: number;
            };
          };
        };
      };
    };
  };
  "/v1/report/load": {
    /**
     * Import an E2B(R3) file: one report per case (source "XML import")
     * @description multipart/form-data: the file (part `file`), and `organisationId` (the session’s when left out). Cases that do not fit the case document are named in `failed`; the others are stored. With an Idempotency-Key a retry answers the first answer.
     */
    post: {
      parameters: {
        header?: {
          "idempotency-key"?: string;
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              created: ({
                  index: number;
                  /** Format: uuid */
                  id: string;
                  reference: string;
                  senderSafetyReportId: string | null;
                  unmapped: {
                      xpath: string;
                      content: string;
                      line: number;
                    }[];
                  findings: ({
                      layer: "xsd" | "ich" | "profile";
                      severity: "error" | "warning";
                      rule: string;
                      rules?: string[];
                      dataElement?: string;
                      xpath?: string;
                      casePath?: string;
                      field?: string;
                      message: string;
                      line?: number;
                    })[];
                })[];
              failed: ({
                  index: number;
                  senderSafetyReportId: string | null;
                  message: string;
                  fields: {
                      field: string;
                      message: string;
                      reason?: string;
                    }[];
                })[];
              unmapped: {
                  xpath: string;
                  content: string;
                  line: number;
                }[];
            };
          };
        };
      };
    };
  };
  "/v1/report/{id}/xml/validation": {
    /** Validate the stored case as E2B(R3) against a profile (ich, fda, eu) */
    get: {
      parameters: {
        query?: {
          profile?: "ich" | "fda" | "eu";
        };
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              profile: "ich" | "fda" | "eu";
              valid: boolean;
              findings: ({
                  layer: "xsd" | "ich" | "profile";
                  severity: "error" | "warning";
                  rule: string;
                  rules?: string[];
                  dataElement?: string;
                  xpath?: string;
                  casePath?: string;
                  field?: string;
                  message: string;
                  line?: number;
                })[];
            };
          };
        };
      };
    };
    /**
     * Validate an unsaved version of the case (the case form’s) as E2B(R3); nothing is stored
     * @description The answer of GET …/xml/validation for `report`, an unsaved case document of this case, written as its message would be (the administrative elements filled by Vigilo, decision 0240) for `profile`, else the organisation's default receiver. A document that does not fit the case document is refused with 400 and its fields.
     */
    post: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            report: {
              [key: string]: unknown;
            };
            profile?: "ich" | "fda" | "eu";
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              profile: "ich" | "fda" | "eu";
              valid: boolean;
              findings: ({
                  layer: "xsd" | "ich" | "profile";
                  severity: "error" | "warning";
                  rule: string;
                  rules?: string[];
                  dataElement?: string;
                  xpath?: string;
                  casePath?: string;
                  field?: string;
                  message: string;
                  line?: number;
                })[];
            };
          };
        };
      };
    };
  };
  "/v1/report/{id}/cioms": {
    /** Download the case as a CIOMS I form (PDF) */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/pdf": string;
          };
        };
      };
    };
  };
  "/v1/reports/{id}/causality": {
    /**
     * The causality assessments of a case, oldest first, withdrawn ones too
     * @description Each with the G.k.9.i.2.r entry it wrote into the case document and whether that entry is in the current version (`inCase`: a later save of the case may have taken it out).
     */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                reportId: string;
                drugId: string;
                reactionId: string;
                source: "reporter" | "organisation" | "regulator" | "company" | "other";
                method: "who-umc" | "naranjo";
                category: "certain" | "probable" | "possible" | "unlikely" | "conditional" | "unassessable" | "definite" | "doubtful";
                score: number | null;
                naranjo: ({
                  previousReports?: "yes" | "no" | "unknown";
                  appearedAfterDrug?: "yes" | "no" | "unknown";
                  improvedOnWithdrawal?: "yes" | "no" | "unknown";
                  reappearedOnReadministration?: "yes" | "no" | "unknown";
                  alternativeCauses?: "yes" | "no" | "unknown";
                  reactionToPlacebo?: "yes" | "no" | "unknown";
                  toxicConcentration?: "yes" | "no" | "unknown";
                  doseRelated?: "yes" | "no" | "unknown";
                  previousSimilarReaction?: "yes" | "no" | "unknown";
                  objectiveEvidence?: "yes" | "no" | "unknown";
                }) | null;
                entry: {
                  source: string;
                  method: string;
                  result: string;
                };
                comment: string | null;
                reportVersion: number;
                recordedBy: {
                  /** Format: uuid */
                  id: string;
                  name: string;
                } | null;
                /** Format: date-time */
                recordedAt: string;
                withdrawn: ({
                  by: {
                    /** Format: uuid */
                    id: string;
                    name: string;
                  } | null;
                  /** Format: date-time */
                  at: string;
                  reason: string;
                  reportVersion: number | null;
                }) | null;
                inCase: boolean;
              })[];
          };
        };
      };
    };
    /**
     * Record a causality assessment (WHO-UMC or Naranjo) of one drug × reaction of a case
     * @description Writes a new version of the case with one more G.k.9.i.2.r entry (source, method, result) for the drug (`drugId`, G.k) and reaction (`reactionId`, E.i). For Naranjo the ten answers are required; the score and category are computed by the server from the published weights. With an Idempotency-Key a retry answers the first answer again.
     */
    post: {
      parameters: {
        header?: {
          "idempotency-key"?: string;
        };
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            drugId: string;
            reactionId: string;
            source: "reporter" | "organisation" | "regulator" | "company" | "other";
            sourceText?: string;
            method: "who-umc" | "naranjo";
            whoUmc?: "certain" | "probable" | "possible" | "unlikely" | "conditional" | "unassessable";
            naranjo?: {
              previousReports?: "yes" | "no" | "unknown";
              appearedAfterDrug?: "yes" | "no" | "unknown";
              improvedOnWithdrawal?: "yes" | "no" | "unknown";
              reappearedOnReadministration?: "yes" | "no" | "unknown";
              alternativeCauses?: "yes" | "no" | "unknown";
              reactionToPlacebo?: "yes" | "no" | "unknown";
              toxicConcentration?: "yes" | "no" | "unknown";
              doseRelated?: "yes" | "no" | "unknown";
              previousSimilarReaction?: "yes" | "no" | "unknown";
              objectiveEvidence?: "yes" | "no" | "unknown";
            };
            comment?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              reportId: string;
              drugId: string;
              reactionId: string;
              source: "reporter" | "organisation" | "regulator" | "company" | "other";
              method: "who-umc" | "naranjo";
              category: "certain" | "probable" | "possible" | "unlikely" | "conditional" | "unassessable" | "definite" | "doubtful";
              score: number | null;
              naranjo: ({
                previousReports?: "yes" | "no" | "unknown";
                appearedAfterDrug?: "yes" | "no" | "unknown";
                improvedOnWithdrawal?: "yes" | "no" | "unknown";
                reappearedOnReadministration?: "yes" | "no" | "unknown";
                alternativeCauses?: "yes" | "no" | "unknown";
                reactionToPlacebo?: "yes" | "no" | "unknown";
                toxicConcentration?: "yes" | "no" | "unknown";
                doseRelated?: "yes" | "no" | "unknown";
                previousSimilarReaction?: "yes" | "no" | "unknown";
                objectiveEvidence?: "yes" | "no" | "unknown";
              }) | null;
              entry: {
                source: string;
                method: string;
                result: string;
              };
              comment: string | null;
              reportVersion: number;
              recordedBy: {
                /** Format: uuid */
                id: string;
                name: string;
              } | null;
              /** Format: date-time */
              recordedAt: string;
              withdrawn: ({
                by: {
                  /** Format: uuid */
                  id: string;
                  name: string;
                } | null;
                /** Format: date-time */
                at: string;
                reason: string;
                reportVersion: number | null;
              }) | null;
              inCase: boolean;
            };
          };
        };
      };
    };
  };
  "/v1/reports/{id}/causality/{assessmentId}/withdraw": {
    /**
     * Withdraw a causality assessment, saying why
     * @description Its G.k.9.i.2.r entry leaves the case (a new version) when it is still there; the assessment stays listed, withdrawn, with who, when and why. Withdrawing it again changes nothing.
     */
    post: {
      parameters: {
        path: {
          id: string;
          assessmentId: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            reason: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              reportId: string;
              drugId: string;
              reactionId: string;
              source: "reporter" | "organisation" | "regulator" | "company" | "other";
              method: "who-umc" | "naranjo";
              category: "certain" | "probable" | "possible" | "unlikely" | "conditional" | "unassessable" | "definite" | "doubtful";
              score: number | null;
              naranjo: ({
                previousReports?: "yes" | "no" | "unknown";
                appearedAfterDrug?: "yes" | "no" | "unknown";
                improvedOnWithdrawal?: "yes" | "no" | "unknown";
                reappearedOnReadministration?: "yes" | "no" | "unknown";
                alternativeCauses?: "yes" | "no" | "unknown";
                reactionToPlacebo?: "yes" | "no" | "unknown";
                toxicConcentration?: "yes" | "no" | "unknown";
                doseRelated?: "yes" | "no" | "unknown";
                previousSimilarReaction?: "yes" | "no" | "unknown";
                objectiveEvidence?: "yes" | "no" | "unknown";
              }) | null;
              entry: {
                source: string;
                method: string;
                result: string;
              };
              comment: string | null;
              reportVersion: number;
              recordedBy: {
                /** Format: uuid */
                id: string;
                name: string;
              } | null;
              /** Format: date-time */
              recordedAt: string;
              withdrawn: ({
                by: {
                  /** Format: uuid */
                  id: string;
                  name: string;
                } | null;
                /** Format: date-time */
                at: string;
                reason: string;
                reportVersion: number | null;
              }) | null;
              inCase: boolean;
            };
          };
        };
      };
    };
  };
  "/v1/acknowledgements": {
    /** Record an acknowledgement of a report: `ack` (ICH XML) or `ackJSON` */
    post: {
      requestBody: {
        content: {
          "application/json": {
            /** Format: uuid */
            reportId: string;
            ack?: string;
            ackJSON?: {
              batchNumber: string;
              batchSender: string;
              batchReceiver: string;
              transmissionTime: string;
              icsrBatchNumber?: string | {
                /** @enum {string} */
                nullFlavor: "NI";
              };
              localMessageNumber?: string;
              icsrBatchTransmissionTime?: string;
              code: "AA" | "AE" | "AR";
              batchError?: string;
              reports: ({
                  icsrMessageNumber?: string;
                  localReportNumber?: string;
                  receiver?: string;
                  sender?: string;
                  icsrMessageCreationTime?: string;
                  creationTime?: string;
                  code: "CA" | "CR";
                  detail?: string;
                  messages?: string[];
                })[];
            };
            /** @enum {string} */
            formSchema?: "MCCI_IN200101UV01";
            status?: "received" | "sent";
            confirm?: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              reportId: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              status: "received" | "sent";
              formSchema: string;
              code: string;
              reportCode: string | null;
              ackJSON: {
                batchNumber: string;
                batchSender: string;
                batchReceiver: string;
                transmissionTime: string;
                icsrBatchNumber?: string | {
                  /** @enum {string} */
                  nullFlavor: "NI";
                };
                localMessageNumber?: string;
                icsrBatchTransmissionTime?: string;
                code: "AA" | "AE" | "AR";
                batchError?: string;
                reports: ({
                    icsrMessageNumber?: string;
                    localReportNumber?: string;
                    receiver?: string;
                    sender?: string;
                    icsrMessageCreationTime?: string;
                    creationTime?: string;
                    code: "CA" | "CR";
                    detail?: string;
                    messages?: string[];
                  })[];
              };
              xmlUrl: string;
              createdBy: string | null;
              /** Format: date-time */
              createdAt: string;
            };
          };
        };
      };
    };
  };
  "/v1/acknowledgements/report/{reportId}": {
    /** A report's acknowledgements, newest first */
    get: {
      parameters: {
        path: {
          reportId: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                reportId: string;
                /** Format: uuid */
                platformId: string;
                /** Format: uuid */
                organisationId: string;
                status: "received" | "sent";
                formSchema: string;
                code: string;
                reportCode: string | null;
                ackJSON: {
                  batchNumber: string;
                  batchSender: string;
                  batchReceiver: string;
                  transmissionTime: string;
                  icsrBatchNumber?: string | {
                    /** @enum {string} */
                    nullFlavor: "NI";
                  };
                  localMessageNumber?: string;
                  icsrBatchTransmissionTime?: string;
                  code: "AA" | "AE" | "AR";
                  batchError?: string;
                  reports: ({
                      icsrMessageNumber?: string;
                      localReportNumber?: string;
                      receiver?: string;
                      sender?: string;
                      icsrMessageCreationTime?: string;
                      creationTime?: string;
                      code: "CA" | "CR";
                      detail?: string;
                      messages?: string[];
                    })[];
                };
                xmlUrl: string;
                createdBy: string | null;
                /** Format: date-time */
                createdAt: string;
              })[];
          };
        };
      };
    };
  };
  "/v1/acknowledgements/{id}": {
    /** One acknowledgement */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              reportId: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              status: "received" | "sent";
              formSchema: string;
              code: string;
              reportCode: string | null;
              ackJSON: {
                batchNumber: string;
                batchSender: string;
                batchReceiver: string;
                transmissionTime: string;
                icsrBatchNumber?: string | {
                  /** @enum {string} */
                  nullFlavor: "NI";
                };
                localMessageNumber?: string;
                icsrBatchTransmissionTime?: string;
                code: "AA" | "AE" | "AR";
                batchError?: string;
                reports: ({
                    icsrMessageNumber?: string;
                    localReportNumber?: string;
                    receiver?: string;
                    sender?: string;
                    icsrMessageCreationTime?: string;
                    creationTime?: string;
                    code: "CA" | "CR";
                    detail?: string;
                    messages?: string[];
                  })[];
              };
              xmlUrl: string;
              createdBy: string | null;
              /** Format: date-time */
              createdAt: string;
            };
          };
        };
      };
    };
  };
  "/v1/acknowledgements/json2xml": {
    /** An acknowledgement (ackJSON, or ack to check and echo) as ICH XML text; nothing is stored */
    post: {
      requestBody: {
        content: {
          "application/json": {
            ack?: string;
            ackJSON?: {
              batchNumber: string;
              batchSender: string;
              batchReceiver: string;
              transmissionTime: string;
              icsrBatchNumber?: string | {
                /** @enum {string} */
                nullFlavor: "NI";
              };
              localMessageNumber?: string;
              icsrBatchTransmissionTime?: string;
              code: "AA" | "AE" | "AR";
              batchError?: string;
              reports: ({
                  icsrMessageNumber?: string;
                  localReportNumber?: string;
                  receiver?: string;
                  sender?: string;
                  icsrMessageCreationTime?: string;
                  creationTime?: string;
                  code: "CA" | "CR";
                  detail?: string;
                  messages?: string[];
                })[];
            };
            /** @enum {string} */
            formSchema?: "MCCI_IN200101UV01";
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/xml": string;
          };
        };
      };
    };
  };
  "/v1/acknowledgements/xml-url": {
    /** A short-lived signed link to GET /v1/acknowledgements/xml for these ids (G-7) */
    post: {
      requestBody: {
        content: {
          "application/json": {
            ids: string[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              url: string;
              /** Format: date-time */
              expiresAt: string;
            };
          };
        };
      };
    };
  };
  "/v1/acknowledgements/xml": {
    /**
     * The XML of one or several acknowledgements, opened by browser navigation (G-7)
     * @description No Authorization header: the link is signed (ids, expiry, key) by xml-url or an acknowledgement’s xmlUrl, and works for 5 minutes. One id answers its XML; several a zip of one XML file each.
     */
    get: {
      parameters: {
        query: {
          ids: string;
          exp?: string;
          kid?: string;
          sig?: string;
        };
      };
      responses: {
        /** @description The XML file, or a zip of them */
        200: {
          content: {
            "application/xml": unknown;
            "application/zip": unknown;
          };
        };
      };
    };
  };
  "/v1/terminology-entries": {
    /** An organisation's dictionary entries (the session's organisation by default), by dictionary then code; at most 500 (the paginated list reaches all) */
    get: {
      parameters: {
        query?: {
          organisationId?: string;
          dictionary?: string;
          query?: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                platformId: string;
                /** Format: uuid */
                organisationId: string;
                dictionary: string;
                code: string;
                term: string;
                parentId: string | null;
                reference: string | null;
                attributes: {
                  [key: string]: string | number | boolean;
                };
                translations: {
                  [key: string]: string;
                };
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
              })[];
          };
        };
      };
    };
    /** Add an entry to a dictionary (a new dictionary name starts a dictionary); codes are unique per dictionary */
    post: {
      requestBody: {
        content: {
          "application/json": {
            /** Format: uuid */
            organisationId?: string;
            dictionary: string;
            code: string;
            term: string;
            parentId?: string | null;
            reference?: string | null;
            attributes?: {
              [key: string]: string | number | boolean;
            };
            translations?: {
              [key: string]: string;
            };
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              dictionary: string;
              code: string;
              term: string;
              parentId: string | null;
              reference: string | null;
              attributes: {
                [key: string]: string | number | boolean;
              };
              translations: {
                [key: string]: string;
              };
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
      };
    };
  };
  "/v1/terminology-entries/paginated": {
    /** A page of entries (size defaults to 50), optionally of one dictionary and matching words */
    get: {
      parameters: {
        query?: {
          organisationId?: string;
          dictionary?: string;
          query?: string;
          page?: number;
          size?: number;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              items: ({
                  /** Format: uuid */
                  id: string;
                  /** Format: uuid */
                  platformId: string;
                  /** Format: uuid */
                  organisationId: string;
                  dictionary: string;
                  code: string;
                  term: string;
                  parentId: string | null;
                  reference: string | null;
                  attributes: {
                    [key: string]: string | number | boolean;
                  };
                  translations: {
                    [key: string]: string;
                  };
                  /** Format: date-time */
                  createdAt: string;
                  /** Format: date-time */
                  updatedAt: string;
                })[];
              page: number;
              size: number;
              total: number;
            };
          };
        };
      };
    };
  };
  "/v1/terminology-entries/dictionary/{dictionary}": {
    /** Search one dictionary: every word of `query` (any order, accents and case ignored) in the code, term or a translation; at most 500 */
    get: {
      parameters: {
        query?: {
          organisationId?: string;
          query?: string;
        };
        path: {
          dictionary: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                platformId: string;
                /** Format: uuid */
                organisationId: string;
                dictionary: string;
                code: string;
                term: string;
                parentId: string | null;
                reference: string | null;
                attributes: {
                  [key: string]: string | number | boolean;
                };
                translations: {
                  [key: string]: string;
                };
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
              })[];
          };
        };
      };
    };
  };
  "/v1/terminology-entries/reference/{reference}": {
    /** The entries that carry one reference (where a dictionary is used, e.g. a form question key) */
    get: {
      parameters: {
        query?: {
          organisationId?: string;
          query?: string;
        };
        path: {
          reference: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                platformId: string;
                /** Format: uuid */
                organisationId: string;
                dictionary: string;
                code: string;
                term: string;
                parentId: string | null;
                reference: string | null;
                attributes: {
                  [key: string]: string | number | boolean;
                };
                translations: {
                  [key: string]: string;
                };
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
              })[];
          };
        };
      };
    };
  };
  "/v1/terminology-entries/{id}": {
    /** One entry */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              dictionary: string;
              code: string;
              term: string;
              parentId: string | null;
              reference: string | null;
              attributes: {
                [key: string]: string | number | boolean;
              };
              translations: {
                [key: string]: string;
              };
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
      };
    };
    /** Remove an entry (409 while an arrangement lists it); entries below it move to the top */
    delete: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
    /** Change an entry: a JSON merge patch of code, term, parentId, reference, attributes, translations. Send `Content-Type: application/merge-patch+json` (or application/json): RFC 7396. */
    patch: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            code?: string;
            term?: string;
            parentId?: string | null;
            reference?: string | null;
            attributes?: ({
              [key: string]: string | number | boolean | null;
            }) | null;
            translations?: ({
              [key: string]: string | null;
            }) | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              dictionary: string;
              code: string;
              term: string;
              parentId: string | null;
              reference: string | null;
              attributes: {
                [key: string]: string | number | boolean;
              };
              translations: {
                [key: string]: string;
              };
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
      };
    };
  };
  "/v1/terminology-arrangements": {
    /** An organisation's arrangements (picklists), optionally of one dictionary */
    get: {
      parameters: {
        query?: {
          organisationId?: string;
          dictionary?: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                platformId: string;
                /** Format: uuid */
                organisationId: string;
                name: string;
                dictionary: string;
                description: string;
                items: ({
                    /** Format: uuid */
                    entryId: string;
                    parentEntryId?: string | null;
                  })[];
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
              })[];
          };
        };
      };
    };
    /** Create an arrangement: an ordered, hierarchical picklist of one dictionary's entries */
    post: {
      requestBody: {
        content: {
          "application/json": {
            /** Format: uuid */
            organisationId?: string;
            name: string;
            dictionary: string;
            description?: string;
            items?: ({
                /** Format: uuid */
                entryId: string;
                parentEntryId?: string | null;
              })[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              name: string;
              dictionary: string;
              description: string;
              items: ({
                  /** Format: uuid */
                  entryId: string;
                  parentEntryId?: string | null;
                })[];
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
      };
    };
  };
  "/v1/terminology-arrangements/{id}": {
    /** One arrangement */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              name: string;
              dictionary: string;
              description: string;
              items: ({
                  /** Format: uuid */
                  entryId: string;
                  parentEntryId?: string | null;
                })[];
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
      };
    };
    /** Remove an arrangement (its entries stay) */
    delete: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
    /** Change an arrangement: a JSON merge patch of name, description, items (an array replaces the list). Send `Content-Type: application/merge-patch+json` (or application/json): RFC 7396. */
    patch: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            name?: string;
            description?: string | null;
            items?: ({
                /** Format: uuid */
                entryId: string;
                parentEntryId?: string | null;
              })[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              name: string;
              dictionary: string;
              description: string;
              items: ({
                  /** Format: uuid */
                  entryId: string;
                  parentEntryId?: string | null;
                })[];
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
      };
    };
  };
  "/v1/meddras": {
    /** Browse MedDRA: the SOCs, or the terms one level below `parentCode` (SOC → HLGT → HLT → PT → LLT); `level` names the parent level when a code is at two (a PT and its own LLT) */
    get: {
      parameters: {
        query?: {
          versionId?: string;
          level?: "soc" | "hlgt" | "hlt" | "pt" | "llt";
          /** @description an 8-digit MedDRA code */
          parentCode?: number;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                level: "soc" | "hlgt" | "hlt" | "pt" | "llt";
                /** @description an 8-digit MedDRA code */
                code: number;
                name: string;
                current: boolean;
              })[];
          };
        };
      };
    };
  };
  "/v1/meddras/search": {
    /** Type-ahead: LLTs whose words the typed words start (any order, accents and case ignored, one typo tolerated), current first, each with its primary path to the SOC; an 8-digit code answers its paths at any level */
    get: {
      parameters: {
        query: {
          query: string;
          versionId?: string;
          includeNonCurrent?: boolean;
          limit?: number;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                versionId: string;
                version: string;
                llt: {
                  /** @description an 8-digit MedDRA code */
                  code: number;
                  name: string;
                  current: boolean;
                } | null;
                pt: {
                  /** @description an 8-digit MedDRA code */
                  code: number;
                  name: string;
                } | null;
                hlt: {
                  /** @description an 8-digit MedDRA code */
                  code: number;
                  name: string;
                } | null;
                hlgt: {
                  /** @description an 8-digit MedDRA code */
                  code: number;
                  name: string;
                } | null;
                soc: {
                  /** @description an 8-digit MedDRA code */
                  code: number;
                  name: string;
                  abbrev: string;
                };
                primary: boolean;
              })[];
          };
        };
      };
    };
  };
  "/v1/meddras/lookup": {
    /** The full paths of one code at any level (LLT → PT → HLT → HLGT → SOC), the primary path first */
    get: {
      parameters: {
        query: {
          /** @description an 8-digit MedDRA code */
          code: number;
          versionId?: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                versionId: string;
                version: string;
                llt: {
                  /** @description an 8-digit MedDRA code */
                  code: number;
                  name: string;
                  current: boolean;
                } | null;
                pt: {
                  /** @description an 8-digit MedDRA code */
                  code: number;
                  name: string;
                } | null;
                hlt: {
                  /** @description an 8-digit MedDRA code */
                  code: number;
                  name: string;
                } | null;
                hlgt: {
                  /** @description an 8-digit MedDRA code */
                  code: number;
                  name: string;
                } | null;
                soc: {
                  /** @description an 8-digit MedDRA code */
                  code: number;
                  name: string;
                  abbrev: string;
                };
                primary: boolean;
              })[];
          };
        };
      };
    };
  };
  "/v1/meddras/versions": {
    /** The MedDRA releases, newest first, with import status and progress; `isDefault` marks the one searches use */
    get: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                version: string;
                language: string;
                status: "queued" | "importing" | "ready" | "failed";
                progress: number;
                counts: {
                  [key: string]: number;
                };
                errors: {
                    file: string;
                    line: number;
                    message: string;
                  }[];
                isDefault: boolean;
                /** Format: date-time */
                createdAt: string;
                finishedAt: string | null;
              })[];
          };
        };
      };
    };
    /** Import a MedDRA release (system administrators): the distribution zip, or its .asc files, as multipart parts. Checked at once (line-numbered errors, nothing kept), then imported by a background job (202) */
    post: {
      responses: {
        /** @description Default Response */
        202: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              version: string;
              language: string;
              status: "queued" | "importing" | "ready" | "failed";
              progress: number;
              counts: {
                [key: string]: number;
              };
              errors: {
                  file: string;
                  line: number;
                  message: string;
                }[];
              isDefault: boolean;
              /** Format: date-time */
              createdAt: string;
              finishedAt: string | null;
            };
          };
        };
      };
    };
  };
  "/v1/drugs": {
    /** One page of an organisation's products (the session's organisation by default), by name; size 50 by default, at most 500 (the current list's `products` in GET /v1/drugs/lists is the total) */
    get: {
      parameters: {
        query?: {
          organisationId?: string;
          page?: number;
          size?: number;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                platformId: string;
                /** Format: uuid */
                organisationId: string;
                /** Format: uuid */
                listId: string;
                code: string;
                name: string;
                substances: string[];
                strength: string | null;
                doseForm: string | null;
                authorisationNumber: string | null;
                holder: string | null;
                country: string | null;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
              })[];
          };
        };
      };
    };
  };
  "/v1/platforms/{id}/medicine-names": {
    /** Medicine names for a signed-out report (public): products of the receiving organisation's list whose name, substance or code the typed words start, names and strengths only */
    get: {
      parameters: {
        query: {
          organisationId: string;
          query: string;
          limit?: number;
        };
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                name: string;
                strength: string | null;
              })[];
          };
        };
      };
    };
  };
  "/v1/drugs/search": {
    /** Type-ahead: products whose name, active substance, authorisation number or code the typed words start (any order, accents and case ignored), best first */
    get: {
      parameters: {
        query: {
          organisationId?: string;
          query: string;
          limit?: number;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                platformId: string;
                /** Format: uuid */
                organisationId: string;
                /** Format: uuid */
                listId: string;
                code: string;
                name: string;
                substances: string[];
                strength: string | null;
                doseForm: string | null;
                authorisationNumber: string | null;
                holder: string | null;
                country: string | null;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
              })[];
          };
        };
      };
    };
  };
  "/v1/drugs/lookup": {
    /** Exact look-up of products by `ids` (comma-separated), `code` or `authorisationNumber`, short */
    get: {
      parameters: {
        query?: {
          organisationId?: string;
          ids?: string;
          code?: string;
          authorisationNumber?: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                code: string;
                name: string;
                substances: string[];
                strength: string | null;
                authorisationNumber: string | null;
              })[];
          };
        };
      };
    };
  };
  "/v1/drugs/lists": {
    /** The versions of an organisation's product list (meta file and last upload's result), the current one first */
    get: {
      parameters: {
        query?: {
          organisationId?: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                platformId: string;
                /** Format: uuid */
                organisationId: string;
                version: string | null;
                source: string | null;
                publishedOn: string | null;
                delimiter: string;
                substanceSeparator: string;
                columns: {
                  [key: string]: string;
                };
                current: boolean;
                fileName: string | null;
                products: number;
                added: number;
                updated: number;
                removed: number;
                /** Format: date-time */
                createdAt: string;
                importedAt: string | null;
              })[];
          };
        };
      };
    };
  };
  "/v1/drugs/csv": {
    /** The organisation's products as CSV, in the upload's own columns (it uploads again as it is) */
    get: {
      parameters: {
        query?: {
          organisationId?: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "text/csv": string;
          };
        };
      };
    };
  };
  "/v1/drugs/export-url": {
    /** A short-lived signed link to GET /v1/drugs/export for an organisation (G-7) */
    post: {
      requestBody: {
        content: {
          "application/json": {
            /** Format: uuid */
            organisationId?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              url: string;
              /** Format: date-time */
              expiresAt: string;
            };
          };
        };
      };
    };
  };
  "/v1/drugs/export": {
    /**
     * An organisation's product list export, opened by browser navigation (G-7)
     * @description No Authorization header: the link is signed (organisation, expiry, key) by POST /v1/drugs/export-url and works for 5 minutes. A zip of drugs.csv and drugs-meta.json, the two files the uploads take.
     */
    get: {
      responses: {
        /** @description The zip */
        200: {
          content: {
            "application/zip": unknown;
          };
        };
      };
    };
  };
  "/v1/drugs/upload/meta": {
    /** Start a new version of an organisation's product list with its meta file (JSON: version, source, publishedOn, delimiter, substanceSeparator, columns) as the part `file`; the next list upload fills it */
    post: {
      parameters: {
        query?: {
          organisationId?: string;
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              version: string | null;
              source: string | null;
              publishedOn: string | null;
              delimiter: string;
              substanceSeparator: string;
              columns: {
                [key: string]: string;
              };
              current: boolean;
              fileName: string | null;
              products: number;
              added: number;
              updated: number;
              removed: number;
              /** Format: date-time */
              createdAt: string;
              importedAt: string | null;
            };
          };
        };
      };
    };
  };
  "/v1/drugs/upload/list": {
    /** Replace an organisation's products with a CSV product list (part `file`; optionally its meta file as part `meta`). Checked whole first: line-numbered errors in meta.lines and nothing imported; then replaced in one transaction */
    post: {
      parameters: {
        query?: {
          organisationId?: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              version: string | null;
              source: string | null;
              publishedOn: string | null;
              delimiter: string;
              substanceSeparator: string;
              columns: {
                [key: string]: string;
              };
              current: boolean;
              fileName: string | null;
              products: number;
              added: number;
              updated: number;
              removed: number;
              /** Format: date-time */
              createdAt: string;
              importedAt: string | null;
            };
          };
        };
      };
    };
  };
  "/v1/drugs/upload/list/preview": {
    /** What POST /v1/drugs/upload/list would do with the same parts, nothing written: products added, updated, unchanged and removed, the removed ones named (at most 500); refused line by line as the upload is */
    post: {
      parameters: {
        query?: {
          organisationId?: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              products: number;
              added: number;
              updated: number;
              unchanged: number;
              removed: number;
              removedProducts: {
                  /** Format: uuid */
                  id: string;
                  code: string;
                  name: string;
                }[];
              newVersion: boolean;
            };
          };
        };
      };
    };
  };
  "/v1/drugs/idaps": {
    /** One product's IDAPS: reactions its organisation's reports name, by SOC → PT with serious and fatal counts, from the newest published snapshot; `from`/`to` filter by receipt date */
    get: {
      parameters: {
        query: {
          drugId: string;
          from?: string;
          to?: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              drug: {
                /** Format: uuid */
                id: string;
                code: string;
                name: string;
                substances: string[];
                strength: string | null;
                authorisationNumber: string | null;
              };
              snapshot: ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                organisationId: string;
                status: "queued" | "computing" | "published" | "failed";
                reports: number;
                reactions: number;
                uncoded: number;
                error: string | null;
                /** Format: date-time */
                requestedAt: string;
                publishedAt: string | null;
              }) | null;
              from: string | null;
              to: string | null;
              reports: number;
              totals: {
                reactions: number;
                serious: number;
                fatal: number;
              };
              socs: {
                  code: number;
                  name: string;
                  reactions: number;
                  serious: number;
                  fatal: number;
                  pts: {
                      code: number;
                      name: string;
                      reactions: number;
                      serious: number;
                      fatal: number;
                    }[];
                }[];
            };
          };
        };
      };
    };
  };
  "/v1/drugs/{id}": {
    /** One product */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              /** Format: uuid */
              listId: string;
              code: string;
              name: string;
              substances: string[];
              strength: string | null;
              doseForm: string | null;
              authorisationNumber: string | null;
              holder: string | null;
              country: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
      };
    };
  };
  "/v1/idaps": {
    /** IDAPS index: the organisation's products with reported reactions in the newest published snapshot, most reactions first (page, size 50) */
    get: {
      parameters: {
        query?: {
          organisationId?: string;
          from?: string;
          to?: string;
          page?: number;
          size?: number;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                code: string;
                name: string;
                substances: string[];
                strength: string | null;
                authorisationNumber: string | null;
                reports: number;
                reactions: number;
                serious: number;
                fatal: number;
              })[];
          };
        };
      };
    };
  };
  "/v1/idaps/lookup": {
    /** IDAPS look-up by reaction: the products whose reports name one MedDRA PT or SOC (`code`), with the counts of that term */
    get: {
      parameters: {
        query: {
          organisationId?: string;
          /** @description a MedDRA PT or SOC code */
          code: number;
          from?: string;
          to?: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                code: string;
                name: string;
                substances: string[];
                strength: string | null;
                authorisationNumber: string | null;
                reports: number;
                reactions: number;
                serious: number;
                fatal: number;
              })[];
          };
        };
      };
    };
  };
  "/v1/idaps/snapshots": {
    /** The organisation's IDAPS computations (waiting, running, published, failed), newest first */
    get: {
      parameters: {
        query?: {
          organisationId?: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                organisationId: string;
                status: "queued" | "computing" | "published" | "failed";
                reports: number;
                reactions: number;
                uncoded: number;
                error: string | null;
                /** Format: date-time */
                requestedAt: string;
                publishedAt: string | null;
              })[];
          };
        };
      };
    };
    /** Compute the IDAPS again now (administrators): a background job publishes a new snapshot (202); 409 while one is waiting or running */
    post: {
      requestBody: {
        content: {
          "application/json": {
            /** Format: uuid */
            organisationId?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        202: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              organisationId: string;
              status: "queued" | "computing" | "published" | "failed";
              reports: number;
              reactions: number;
              uncoded: number;
              error: string | null;
              /** Format: date-time */
              requestedAt: string;
              publishedAt: string | null;
            };
          };
        };
      };
    };
  };
  "/v1/edqm": {
    /** EDQM dose forms (PDF) and routes of administration (ROA): with `query`, terms whose words the typed words start (any order, accents and case ignored; a code such as PDF-10219000 or 10219000 too), current first; without, the list by relevance then term. Deprecated terms are found and marked unless includeDeprecated=false */
    get: {
      parameters: {
        query?: {
          query?: string;
          class?: "PDF" | "ROA";
          includeDeprecated?: boolean;
          limit?: number;
          offset?: number;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** @description e.g. PDF-10219000 */
                code: string;
                class: "PDF" | "ROA";
                term: string;
                status: "current" | "deprecated";
                translations: {
                  [key: string]: string;
                };
                domain: string | null;
                version: string | null;
                source: "starter" | "import";
                /** Format: date-time */
                updatedAt: string;
              })[];
          };
        };
      };
    };
  };
  "/v1/edqm/lookup": {
    /** The EDQM terms of stored codes (comma-separated, at most 100), in the order asked; unknown codes are left out */
    get: {
      parameters: {
        query: {
          code: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** @description e.g. PDF-10219000 */
                code: string;
                class: "PDF" | "ROA";
                term: string;
                status: "current" | "deprecated";
                translations: {
                  [key: string]: string;
                };
                domain: string | null;
                version: string | null;
                source: "starter" | "import";
                /** Format: date-time */
                updatedAt: string;
              })[];
          };
        };
      };
    };
  };
  "/v1/edqm/import": {
    /** Import EDQM standard terms (system administrators): one file part, the EDQM Standard Terms API JSON or a CSV export with a header row (code, term, status; class, domain, version and language columns optional). Checked whole: line-numbered errors and nothing kept, or every PDF and ROA term added or updated in one transaction */
    post: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              format: "json" | "csv";
              skipped: number;
              created: number;
              updated: number;
              unchanged: number;
              counts: {
                PDF: number;
                ROA: number;
              };
            };
          };
        };
      };
    };
  };
  "/v1/hospitals": {
    /** An organisation's hospitals (the session's organisation by default), by name; `query`: words (any order, accents and case ignored) each starting a word of the name, city or code; at most 500 */
    get: {
      parameters: {
        query?: {
          organisationId?: string;
          query?: string;
          includeInactive?: boolean;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                platformId: string;
                /** Format: uuid */
                organisationId: string;
                name: string;
                code: string | null;
                city: string | null;
                country: string | null;
                active: boolean;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
              })[];
          };
        };
      };
    };
    /** Add a hospital to an organisation's list (organisation administrators); its code is unique in the organisation */
    post: {
      requestBody: {
        content: {
          "application/json": {
            /** Format: uuid */
            organisationId?: string;
            name: string;
            code?: string | null;
            city?: string | null;
            country?: string | null;
            active?: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              name: string;
              code: string | null;
              city: string | null;
              country: string | null;
              active: boolean;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
      };
    };
  };
  "/v1/hospitals/lookup": {
    /** Hospitals for a picker: the active ones matching `query` (at most `limit`, 20 by default); with `ids` (comma-separated), the hospitals of those ids in that order, inactive ones included */
    get: {
      parameters: {
        query?: {
          organisationId?: string;
          query?: string;
          ids?: string;
          limit?: number;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                name: string;
                code: string | null;
                city: string | null;
                active: boolean;
              })[];
          };
        };
      };
    };
  };
  "/v1/organisation/{id}/hospitals": {
    /** Hospitals reporters of the organisation may pick; `query`: words (any order, accents and case ignored) each starting a word of the name, city or code; at most 500 */
    get: {
      parameters: {
        query?: {
          query?: string;
          includeInactive?: boolean;
        };
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                platformId: string;
                /** Format: uuid */
                organisationId: string;
                name: string;
                code: string | null;
                city: string | null;
                country: string | null;
                active: boolean;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
              })[];
          };
        };
      };
    };
  };
  "/v1/hospitals/{id}": {
    /** One hospital */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              name: string;
              code: string | null;
              city: string | null;
              country: string | null;
              active: boolean;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
      };
    };
    /** Remove a hospital from the list (reports keep the name they were sent with) */
    delete: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
    /** Change a hospital: a JSON merge patch (RFC 7396) of name, code, city, country, active; null clears code, city or country */
    patch: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            name?: string;
            code?: string | null;
            city?: string | null;
            country?: string | null;
            active?: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              /** Format: uuid */
              organisationId: string;
              name: string;
              code: string | null;
              city: string | null;
              country: string | null;
              active: boolean;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
      };
    };
  };
  "/v1/receivers": {
    /** Receivers of the caller's organisations (or of `organisationId`), with their E2B settings */
    get: {
      parameters: {
        query?: {
          organisationId?: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                organisationId: string;
                name: string;
                code: string | null;
                batchSender: string | null;
                batchReceiver: string | null;
                messageSender: string | null;
                messageReceiver: string | null;
                profile: "ich" | "fda" | "eu";
                maskPersonalData: boolean;
                fdaRoute: "case" | "postmarket" | "premarket";
                dueDaysSerious: number;
                dueDaysNonSerious: number;
                transport: {
                  type: "none" | "https" | "as2";
                  url: string | null;
                  auth: "none" | "bearer" | "basic" | "client_certificate";
                  hasCredentials: boolean;
                  caCertificate: string | null;
                  as2: ({
                    from: string;
                    to: string;
                    partnerCertificate: string;
                    encryption: "aes128-cbc" | "aes192-cbc" | "aes256-cbc" | "3des";
                    signing: "sha-1" | "sha-256" | "sha-384" | "sha-512";
                  }) | null;
                };
                isDefault: boolean;
                rule: string | null;
                requiresReview: boolean;
                deliveryAttempts: number;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
              })[];
          };
        };
      };
    };
  };
  "/v1/organisation/{id}/receivers": {
    /** Receivers the organisation sends reports to, with their E2B settings (never credentials) */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                organisationId: string;
                name: string;
                code: string | null;
                batchSender: string | null;
                batchReceiver: string | null;
                messageSender: string | null;
                messageReceiver: string | null;
                profile: "ich" | "fda" | "eu";
                maskPersonalData: boolean;
                fdaRoute: "case" | "postmarket" | "premarket";
                dueDaysSerious: number;
                dueDaysNonSerious: number;
                transport: {
                  type: "none" | "https" | "as2";
                  url: string | null;
                  auth: "none" | "bearer" | "basic" | "client_certificate";
                  hasCredentials: boolean;
                  caCertificate: string | null;
                  as2: ({
                    from: string;
                    to: string;
                    partnerCertificate: string;
                    encryption: "aes128-cbc" | "aes192-cbc" | "aes256-cbc" | "3des";
                    signing: "sha-1" | "sha-256" | "sha-384" | "sha-512";
                  }) | null;
                };
                isDefault: boolean;
                rule: string | null;
                requiresReview: boolean;
                deliveryAttempts: number;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
              })[];
          };
        };
      };
    };
    /** Add a receiver: E2B identifiers, profile, masking, due days, transport (credentials are never answered) */
    post: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            name: string;
            code?: string | null;
            batchSender?: string | null;
            batchReceiver?: string | null;
            messageSender?: string | null;
            messageReceiver?: string | null;
            profile?: "ich" | "fda" | "eu";
            maskPersonalData?: boolean;
            fdaRoute?: "case" | "postmarket" | "premarket";
            dueDaysSerious?: number;
            dueDaysNonSerious?: number;
            isDefault?: boolean;
            rule?: string | null;
            requiresReview?: boolean;
            deliveryAttempts?: number;
            transport?: {
              type: "none" | "https" | "as2";
              url?: string | null;
              auth?: "none" | "bearer" | "basic" | "client_certificate";
              caCertificate?: string | null;
              credentials?: {
                token?: string;
                username?: string;
                password?: string;
                certificate?: string;
                privateKey?: string;
              };
              as2?: {
                from: string;
                to: string;
                partnerCertificate: string;
                encryption?: "aes128-cbc" | "aes192-cbc" | "aes256-cbc" | "3des";
                signing?: "sha-1" | "sha-256" | "sha-384" | "sha-512";
              };
            };
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              organisationId: string;
              name: string;
              code: string | null;
              batchSender: string | null;
              batchReceiver: string | null;
              messageSender: string | null;
              messageReceiver: string | null;
              profile: "ich" | "fda" | "eu";
              maskPersonalData: boolean;
              fdaRoute: "case" | "postmarket" | "premarket";
              dueDaysSerious: number;
              dueDaysNonSerious: number;
              transport: {
                type: "none" | "https" | "as2";
                url: string | null;
                auth: "none" | "bearer" | "basic" | "client_certificate";
                hasCredentials: boolean;
                caCertificate: string | null;
                as2: ({
                  from: string;
                  to: string;
                  partnerCertificate: string;
                  encryption: "aes128-cbc" | "aes192-cbc" | "aes256-cbc" | "3des";
                  signing: "sha-1" | "sha-256" | "sha-384" | "sha-512";
                }) | null;
              };
              isDefault: boolean;
              rule: string | null;
              requiresReview: boolean;
              deliveryAttempts: number;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
      };
    };
  };
  "/v1/organisation/{id}/receivers/{receiverId}": {
    /** Change a receiver’s settings: a field left out keeps its value (credentials too, while the transport stays the same kind) */
    put: {
      parameters: {
        path: {
          id: string;
          receiverId: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            name?: string;
            code?: string | null;
            batchSender?: string | null;
            batchReceiver?: string | null;
            messageSender?: string | null;
            messageReceiver?: string | null;
            profile?: "ich" | "fda" | "eu";
            maskPersonalData?: boolean;
            fdaRoute?: "case" | "postmarket" | "premarket";
            dueDaysSerious?: number;
            dueDaysNonSerious?: number;
            isDefault?: boolean;
            rule?: string | null;
            requiresReview?: boolean;
            deliveryAttempts?: number;
            transport?: {
              type?: "none" | "https" | "as2";
              url?: string | null;
              auth?: "none" | "bearer" | "basic" | "client_certificate";
              caCertificate?: string | null;
              credentials?: {
                token?: string;
                username?: string;
                password?: string;
                certificate?: string;
                privateKey?: string;
              };
              as2?: {
                from?: string;
                to?: string;
                partnerCertificate?: string;
                encryption?: "aes128-cbc" | "aes192-cbc" | "aes256-cbc" | "3des";
                signing?: "sha-1" | "sha-256" | "sha-384" | "sha-512";
              };
            };
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              organisationId: string;
              name: string;
              code: string | null;
              batchSender: string | null;
              batchReceiver: string | null;
              messageSender: string | null;
              messageReceiver: string | null;
              profile: "ich" | "fda" | "eu";
              maskPersonalData: boolean;
              fdaRoute: "case" | "postmarket" | "premarket";
              dueDaysSerious: number;
              dueDaysNonSerious: number;
              transport: {
                type: "none" | "https" | "as2";
                url: string | null;
                auth: "none" | "bearer" | "basic" | "client_certificate";
                hasCredentials: boolean;
                caCertificate: string | null;
                as2: ({
                  from: string;
                  to: string;
                  partnerCertificate: string;
                  encryption: "aes128-cbc" | "aes192-cbc" | "aes256-cbc" | "3des";
                  signing: "sha-1" | "sha-256" | "sha-384" | "sha-512";
                }) | null;
              };
              isDefault: boolean;
              rule: string | null;
              requiresReview: boolean;
              deliveryAttempts: number;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
      };
    };
    /** Remove a receiver nothing was submitted to (409 otherwise) */
    delete: {
      parameters: {
        path: {
          id: string;
          receiverId: string;
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
  };
  "/v1/organisation/{id}/receivers/{receiverId}/test": {
    /**
     * Send a synthetic test case to the receiver through its transport and answer what it said
     * @description The receiver's own E2B(R3) message (identifiers, profile, masking) of a made-up case, sent as a delivery is. Answers the HTTP status, the answer (cut), the acknowledgement if any, or the error in words. Nothing is stored but the audit row.
     */
    post: {
      parameters: {
        path: {
          id: string;
          receiverId: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              outcome: "delivered" | "refused" | "failed";
              messageId: string;
              httpStatus: number | null;
              body: string | null;
              ack: {
                code: string;
                accepted: boolean;
                errors: string[];
              } | null;
              valid: boolean;
              findings: ({
                  layer: "xsd" | "ich" | "profile";
                  severity: "error" | "warning";
                  rule: string;
                  rules?: string[];
                  dataElement?: string;
                  xpath?: string;
                  casePath?: string;
                  field?: string;
                  message: string;
                  line?: number;
                })[];
            };
          };
        };
      };
    };
  };
  "/v1/submissions/preview": {
    /**
     * Before distributing: each receiver of the case's organisation, whether a rule picks it, and the validation of the message it would get
     * @description Nothing is stored. Findings are in the caller’s language, each with the case field it concerns.
     */
    post: {
      requestBody: {
        content: {
          "application/json": {
            /** Format: uuid */
            reportId: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              reportId: string;
              /** Format: uuid */
              organisationId: string;
              reportVersion: number;
              receivers: ({
                  /** Format: uuid */
                  id: string;
                  name: string;
                  profile: "ich" | "fda" | "eu";
                  transport: "none" | "https" | "as2";
                  picked: boolean;
                  pickedBy: string | null;
                  valid: boolean;
                  findings: ({
                      layer: "xsd" | "ich" | "profile";
                      severity: "error" | "warning";
                      rule: string;
                      rules?: string[];
                      dataElement?: string;
                      xpath?: string;
                      casePath?: string;
                      field?: string;
                      message: string;
                      line?: number;
                    })[];
                })[];
            };
          };
        };
      };
    };
  };
  "/v1/submissions/distribute": {
    /**
     * Send a case that is ready to submit to receivers (`resources`: receiver ids; left out, those whose rule picks the case)
     * @description Without `resources`, the receivers whose distribution rule picks the case (400 on `body/resources` when none does). A receiver that requires review holds its message (NOT_SENT) until an assessor signs an approval. One submission, one submission report per receiver with its own E2B(R3) message checked against the receiver's profile: a message that fails is stored with its findings and not sent. The valid ones are delivered by a background job; the case becomes `submitted`. With an Idempotency-Key a retry answers the first answer again.
     */
    post: {
      parameters: {
        header?: {
          "idempotency-key"?: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            /** Format: uuid */
            reportId: string;
            resources?: string[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                organisationId: string;
                /** Format: uuid */
                reportId: string;
                reportVersion: number;
                createdBy: string | null;
                /** Format: date-time */
                createdAt: string;
                reports: ({
                    /** Format: uuid */
                    id: string;
                    /** Format: uuid */
                    submissionId: string;
                    /** Format: uuid */
                    organisationId: string;
                    /** Format: uuid */
                    reportId: string;
                    /** Format: uuid */
                    receiverId: string;
                    receiverName: string;
                    caseReference: string;
                    messageId: string;
                    profile: "ich" | "fda" | "eu";
                    masked: boolean;
                    valid: boolean;
                    findings: ({
                        layer: "xsd" | "ich" | "profile";
                        severity: "error" | "warning";
                        rule: string;
                        rules?: string[];
                        dataElement?: string;
                        xpath?: string;
                        casePath?: string;
                        field?: string;
                        message: string;
                        line?: number;
                      })[];
                    status: "NOT_SENT" | "SENT" | "IN_REVIEW" | "ACCEPTED" | "REJECTED" | "FAILED";
                    statusReason: string | null;
                    reasonCode: ("invalid" | "no_transport" | "awaiting_approval" | "approval_rejected" | "queued") | null;
                    manuallyProcessedReason: string | null;
                    reviewStatus: "PENDING" | "APPROVED" | "REJECTED";
                    approvalComment: string | null;
                    rejectionComment: string | null;
                    signature: ({
                      signerId: string | null;
                      signerName: string;
                      /** Format: date-time */
                      signedAt: string;
                      meaning: string;
                      method: "password" | "totp";
                    }) | null;
                    reviewRequired: boolean;
                    serious: boolean;
                    /** Format: date */
                    dayZero: string;
                    /** Format: date */
                    dueDate: string;
                    overdue: boolean;
                    dueSoon: boolean;
                    attempts: number;
                    maxAttempts: number;
                    nextAttemptAt: string | null;
                    resendCount: number;
                    resentAt: string | null;
                    lastError: string | null;
                    httpStatus: number | null;
                    ackCode: string | null;
                    ackErrors: string[];
                    sentAt: string | null;
                    lateByDays: number | null;
                    acknowledgedAt: string | null;
                    /** Format: date-time */
                    createdAt: string;
                    /** Format: date-time */
                    updatedAt: string;
                  })[];
              })[];
          };
        };
      };
    };
  };
  "/v1/submissions": {
    /** Submissions with their reports: those with an overdue report first, then the newest */
    get: {
      parameters: {
        query?: {
          page?: number;
          size?: number;
          status?: "NOT_SENT" | "SENT" | "IN_REVIEW" | "ACCEPTED" | "REJECTED" | "FAILED";
          receiverId?: string;
          reportId?: string;
          overdue?: boolean;
          dueSoon?: boolean;
          reviewStatus?: "PENDING" | "APPROVED" | "REJECTED";
          reference?: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              items: ({
                  /** Format: uuid */
                  id: string;
                  /** Format: uuid */
                  organisationId: string;
                  /** Format: uuid */
                  reportId: string;
                  reportVersion: number;
                  createdBy: string | null;
                  /** Format: date-time */
                  createdAt: string;
                  reports: ({
                      /** Format: uuid */
                      id: string;
                      /** Format: uuid */
                      submissionId: string;
                      /** Format: uuid */
                      organisationId: string;
                      /** Format: uuid */
                      reportId: string;
                      /** Format: uuid */
                      receiverId: string;
                      receiverName: string;
                      caseReference: string;
                      messageId: string;
                      profile: "ich" | "fda" | "eu";
                      masked: boolean;
                      valid: boolean;
                      findings: ({
                          layer: "xsd" | "ich" | "profile";
                          severity: "error" | "warning";
                          rule: string;
                          rules?: string[];
                          dataElement?: string;
                          xpath?: string;
                          casePath?: string;
                          field?: string;
                          message: string;
                          line?: number;
                        })[];
                      status: "NOT_SENT" | "SENT" | "IN_REVIEW" | "ACCEPTED" | "REJECTED" | "FAILED";
                      statusReason: string | null;
                      reasonCode: ("invalid" | "no_transport" | "awaiting_approval" | "approval_rejected" | "queued") | null;
                      manuallyProcessedReason: string | null;
                      reviewStatus: "PENDING" | "APPROVED" | "REJECTED";
                      approvalComment: string | null;
                      rejectionComment: string | null;
                      signature: ({
                        signerId: string | null;
                        signerName: string;
                        /** Format: date-time */
                        signedAt: string;
                        meaning: string;
                        method: "password" | "totp";
                      }) | null;
                      reviewRequired: boolean;
                      serious: boolean;
                      /** Format: date */
                      dayZero: string;
                      /** Format: date */
                      dueDate: string;
                      overdue: boolean;
                      dueSoon: boolean;
                      attempts: number;
                      maxAttempts: number;
                      nextAttemptAt: string | null;
                      resendCount: number;
                      resentAt: string | null;
                      lastError: string | null;
                      httpStatus: number | null;
                      ackCode: string | null;
                      ackErrors: string[];
                      sentAt: string | null;
                      lateByDays: number | null;
                      acknowledgedAt: string | null;
                      /** Format: date-time */
                      createdAt: string;
                      /** Format: date-time */
                      updatedAt: string;
                    })[];
                })[];
              page: number;
              size: number;
              total: number;
            };
          };
        };
      };
    };
  };
  "/v1/submissions/reports": {
    /** Submission reports: overdue first, then due soon (each earliest due first), then the newest */
    get: {
      parameters: {
        query?: {
          page?: number;
          size?: number;
          status?: "NOT_SENT" | "SENT" | "IN_REVIEW" | "ACCEPTED" | "REJECTED" | "FAILED";
          receiverId?: string;
          reportId?: string;
          overdue?: boolean;
          dueSoon?: boolean;
          reviewStatus?: "PENDING" | "APPROVED" | "REJECTED";
          reference?: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              items: ({
                  /** Format: uuid */
                  id: string;
                  /** Format: uuid */
                  submissionId: string;
                  /** Format: uuid */
                  organisationId: string;
                  /** Format: uuid */
                  reportId: string;
                  /** Format: uuid */
                  receiverId: string;
                  receiverName: string;
                  caseReference: string;
                  messageId: string;
                  profile: "ich" | "fda" | "eu";
                  masked: boolean;
                  valid: boolean;
                  findings: ({
                      layer: "xsd" | "ich" | "profile";
                      severity: "error" | "warning";
                      rule: string;
                      rules?: string[];
                      dataElement?: string;
                      xpath?: string;
                      casePath?: string;
                      field?: string;
                      message: string;
                      line?: number;
                    })[];
                  status: "NOT_SENT" | "SENT" | "IN_REVIEW" | "ACCEPTED" | "REJECTED" | "FAILED";
                  statusReason: string | null;
                  reasonCode: ("invalid" | "no_transport" | "awaiting_approval" | "approval_rejected" | "queued") | null;
                  manuallyProcessedReason: string | null;
                  reviewStatus: "PENDING" | "APPROVED" | "REJECTED";
                  approvalComment: string | null;
                  rejectionComment: string | null;
                  signature: ({
                    signerId: string | null;
                    signerName: string;
                    /** Format: date-time */
                    signedAt: string;
                    meaning: string;
                    method: "password" | "totp";
                  }) | null;
                  reviewRequired: boolean;
                  serious: boolean;
                  /** Format: date */
                  dayZero: string;
                  /** Format: date */
                  dueDate: string;
                  overdue: boolean;
                  dueSoon: boolean;
                  attempts: number;
                  maxAttempts: number;
                  nextAttemptAt: string | null;
                  resendCount: number;
                  resentAt: string | null;
                  lastError: string | null;
                  httpStatus: number | null;
                  ackCode: string | null;
                  ackErrors: string[];
                  sentAt: string | null;
                  lateByDays: number | null;
                  acknowledgedAt: string | null;
                  /** Format: date-time */
                  createdAt: string;
                  /** Format: date-time */
                  updatedAt: string;
                })[];
              page: number;
              size: number;
              total: number;
            };
          };
        };
      };
    };
  };
  "/v1/submissions/{id}": {
    /** One submission with its reports */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              organisationId: string;
              /** Format: uuid */
              reportId: string;
              reportVersion: number;
              createdBy: string | null;
              /** Format: date-time */
              createdAt: string;
              reports: ({
                  /** Format: uuid */
                  id: string;
                  /** Format: uuid */
                  submissionId: string;
                  /** Format: uuid */
                  organisationId: string;
                  /** Format: uuid */
                  reportId: string;
                  /** Format: uuid */
                  receiverId: string;
                  receiverName: string;
                  caseReference: string;
                  messageId: string;
                  profile: "ich" | "fda" | "eu";
                  masked: boolean;
                  valid: boolean;
                  findings: ({
                      layer: "xsd" | "ich" | "profile";
                      severity: "error" | "warning";
                      rule: string;
                      rules?: string[];
                      dataElement?: string;
                      xpath?: string;
                      casePath?: string;
                      field?: string;
                      message: string;
                      line?: number;
                    })[];
                  status: "NOT_SENT" | "SENT" | "IN_REVIEW" | "ACCEPTED" | "REJECTED" | "FAILED";
                  statusReason: string | null;
                  reasonCode: ("invalid" | "no_transport" | "awaiting_approval" | "approval_rejected" | "queued") | null;
                  manuallyProcessedReason: string | null;
                  reviewStatus: "PENDING" | "APPROVED" | "REJECTED";
                  approvalComment: string | null;
                  rejectionComment: string | null;
                  signature: ({
                    signerId: string | null;
                    signerName: string;
                    /** Format: date-time */
                    signedAt: string;
                    meaning: string;
                    method: "password" | "totp";
                  }) | null;
                  reviewRequired: boolean;
                  serious: boolean;
                  /** Format: date */
                  dayZero: string;
                  /** Format: date */
                  dueDate: string;
                  overdue: boolean;
                  dueSoon: boolean;
                  attempts: number;
                  maxAttempts: number;
                  nextAttemptAt: string | null;
                  resendCount: number;
                  resentAt: string | null;
                  lastError: string | null;
                  httpStatus: number | null;
                  ackCode: string | null;
                  ackErrors: string[];
                  sentAt: string | null;
                  lateByDays: number | null;
                  acknowledgedAt: string | null;
                  /** Format: date-time */
                  createdAt: string;
                  /** Format: date-time */
                  updatedAt: string;
                })[];
            };
          };
        };
      };
    };
  };
  "/v1/submissions/reports/{id}": {
    /** One submission report: status, findings, deadline, the receiver’s answer */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              submissionId: string;
              /** Format: uuid */
              organisationId: string;
              /** Format: uuid */
              reportId: string;
              /** Format: uuid */
              receiverId: string;
              receiverName: string;
              caseReference: string;
              messageId: string;
              profile: "ich" | "fda" | "eu";
              masked: boolean;
              valid: boolean;
              findings: ({
                  layer: "xsd" | "ich" | "profile";
                  severity: "error" | "warning";
                  rule: string;
                  rules?: string[];
                  dataElement?: string;
                  xpath?: string;
                  casePath?: string;
                  field?: string;
                  message: string;
                  line?: number;
                })[];
              status: "NOT_SENT" | "SENT" | "IN_REVIEW" | "ACCEPTED" | "REJECTED" | "FAILED";
              statusReason: string | null;
              reasonCode: ("invalid" | "no_transport" | "awaiting_approval" | "approval_rejected" | "queued") | null;
              manuallyProcessedReason: string | null;
              reviewStatus: "PENDING" | "APPROVED" | "REJECTED";
              approvalComment: string | null;
              rejectionComment: string | null;
              signature: ({
                signerId: string | null;
                signerName: string;
                /** Format: date-time */
                signedAt: string;
                meaning: string;
                method: "password" | "totp";
              }) | null;
              reviewRequired: boolean;
              serious: boolean;
              /** Format: date */
              dayZero: string;
              /** Format: date */
              dueDate: string;
              overdue: boolean;
              dueSoon: boolean;
              attempts: number;
              maxAttempts: number;
              nextAttemptAt: string | null;
              resendCount: number;
              resentAt: string | null;
              lastError: string | null;
              httpStatus: number | null;
              ackCode: string | null;
              ackErrors: string[];
              sentAt: string | null;
              lateByDays: number | null;
              acknowledgedAt: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
      };
    };
  };
  "/v1/submissions/reports/{id}/history": {
    /** The receiver statuses a submission report took, oldest first: when, why, by whom */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                status: "NOT_SENT" | "SENT" | "IN_REVIEW" | "ACCEPTED" | "REJECTED" | "FAILED";
                reason: string | null;
                reasonCode: ("invalid" | "no_transport" | "awaiting_approval") | null;
                source: "distribution" | "delivery" | "acknowledgement" | "staff" | "before_history";
                changedBy: string | null;
                changedByName: string | null;
                /** Format: date-time */
                at: string;
              })[];
          };
        };
      };
    };
  };
  "/v1/submissions/reports/{id}/receiver-status": {
    /** Set the receiver status by hand (FAILED, IN_REVIEW, REJECTED, NOT_SENT), saying why */
    put: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            status: "FAILED" | "IN_REVIEW" | "REJECTED" | "NOT_SENT";
            reason: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              submissionId: string;
              /** Format: uuid */
              organisationId: string;
              /** Format: uuid */
              reportId: string;
              /** Format: uuid */
              receiverId: string;
              receiverName: string;
              caseReference: string;
              messageId: string;
              profile: "ich" | "fda" | "eu";
              masked: boolean;
              valid: boolean;
              findings: ({
                  layer: "xsd" | "ich" | "profile";
                  severity: "error" | "warning";
                  rule: string;
                  rules?: string[];
                  dataElement?: string;
                  xpath?: string;
                  casePath?: string;
                  field?: string;
                  message: string;
                  line?: number;
                })[];
              status: "NOT_SENT" | "SENT" | "IN_REVIEW" | "ACCEPTED" | "REJECTED" | "FAILED";
              statusReason: string | null;
              reasonCode: ("invalid" | "no_transport" | "awaiting_approval" | "approval_rejected" | "queued") | null;
              manuallyProcessedReason: string | null;
              reviewStatus: "PENDING" | "APPROVED" | "REJECTED";
              approvalComment: string | null;
              rejectionComment: string | null;
              signature: ({
                signerId: string | null;
                signerName: string;
                /** Format: date-time */
                signedAt: string;
                meaning: string;
                method: "password" | "totp";
              }) | null;
              reviewRequired: boolean;
              serious: boolean;
              /** Format: date */
              dayZero: string;
              /** Format: date */
              dueDate: string;
              overdue: boolean;
              dueSoon: boolean;
              attempts: number;
              maxAttempts: number;
              nextAttemptAt: string | null;
              resendCount: number;
              resentAt: string | null;
              lastError: string | null;
              httpStatus: number | null;
              ackCode: string | null;
              ackErrors: string[];
              sentAt: string | null;
              lateByDays: number | null;
              acknowledgedAt: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
      };
    };
  };
  "/v1/submissions/reports/{id}/resend": {
    /**
     * Send a FAILED message again: the same message id and bytes, to the same receiver
     * @description Decision 0327. Queues a durable delivery job with a new round of the receiver’s attempts (`deliveryAttempts`) and answers 202 with the report, NOT_SENT and queued. Audited. 409 when the message is not FAILED (a second click finds it already queued), is invalid, waits for an approval, is being sent, or the receiver has no transport. With an Idempotency-Key a retry answers the first answer again. Delivery is at least once: receivers de-duplicate by message id.
     */
    post: {
      parameters: {
        header?: {
          "idempotency-key"?: string;
        };
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        202: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              submissionId: string;
              /** Format: uuid */
              organisationId: string;
              /** Format: uuid */
              reportId: string;
              /** Format: uuid */
              receiverId: string;
              receiverName: string;
              caseReference: string;
              messageId: string;
              profile: "ich" | "fda" | "eu";
              masked: boolean;
              valid: boolean;
              findings: ({
                  layer: "xsd" | "ich" | "profile";
                  severity: "error" | "warning";
                  rule: string;
                  rules?: string[];
                  dataElement?: string;
                  xpath?: string;
                  casePath?: string;
                  field?: string;
                  message: string;
                  line?: number;
                })[];
              status: "NOT_SENT" | "SENT" | "IN_REVIEW" | "ACCEPTED" | "REJECTED" | "FAILED";
              statusReason: string | null;
              reasonCode: ("invalid" | "no_transport" | "awaiting_approval" | "approval_rejected" | "queued") | null;
              manuallyProcessedReason: string | null;
              reviewStatus: "PENDING" | "APPROVED" | "REJECTED";
              approvalComment: string | null;
              rejectionComment: string | null;
              signature: ({
                signerId: string | null;
                signerName: string;
                /** Format: date-time */
                signedAt: string;
                meaning: string;
                method: "password" | "totp";
              }) | null;
              reviewRequired: boolean;
              serious: boolean;
              /** Format: date */
              dayZero: string;
              /** Format: date */
              dueDate: string;
              overdue: boolean;
              dueSoon: boolean;
              attempts: number;
              maxAttempts: number;
              nextAttemptAt: string | null;
              resendCount: number;
              resentAt: string | null;
              lastError: string | null;
              httpStatus: number | null;
              ackCode: string | null;
              ackErrors: string[];
              sentAt: string | null;
              lateByDays: number | null;
              acknowledgedAt: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
      };
    };
  };
  "/v1/submissions/reports/{id}/manually-processed-reason": {
    /** Record why the report was handled outside Vigilo */
    put: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            manuallyProcessedReason: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              submissionId: string;
              /** Format: uuid */
              organisationId: string;
              /** Format: uuid */
              reportId: string;
              /** Format: uuid */
              receiverId: string;
              receiverName: string;
              caseReference: string;
              messageId: string;
              profile: "ich" | "fda" | "eu";
              masked: boolean;
              valid: boolean;
              findings: ({
                  layer: "xsd" | "ich" | "profile";
                  severity: "error" | "warning";
                  rule: string;
                  rules?: string[];
                  dataElement?: string;
                  xpath?: string;
                  casePath?: string;
                  field?: string;
                  message: string;
                  line?: number;
                })[];
              status: "NOT_SENT" | "SENT" | "IN_REVIEW" | "ACCEPTED" | "REJECTED" | "FAILED";
              statusReason: string | null;
              reasonCode: ("invalid" | "no_transport" | "awaiting_approval" | "approval_rejected" | "queued") | null;
              manuallyProcessedReason: string | null;
              reviewStatus: "PENDING" | "APPROVED" | "REJECTED";
              approvalComment: string | null;
              rejectionComment: string | null;
              signature: ({
                signerId: string | null;
                signerName: string;
                /** Format: date-time */
                signedAt: string;
                meaning: string;
                method: "password" | "totp";
              }) | null;
              reviewRequired: boolean;
              serious: boolean;
              /** Format: date */
              dayZero: string;
              /** Format: date */
              dueDate: string;
              overdue: boolean;
              dueSoon: boolean;
              attempts: number;
              maxAttempts: number;
              nextAttemptAt: string | null;
              resendCount: number;
              resentAt: string | null;
              lastError: string | null;
              httpStatus: number | null;
              ackCode: string | null;
              ackErrors: string[];
              sentAt: string | null;
              lateByDays: number | null;
              acknowledgedAt: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
      };
    };
  };
  "/v1/reports/anonymised/{submissionReportId}": {
    /** Exactly what a receiver was sent: the case as written (masked where it asks) and the XML */
    get: {
      parameters: {
        path: {
          submissionReportId: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              submissionReportId: string;
              /** Format: uuid */
              reportId: string;
              messageId: string;
              profile: "ich" | "fda" | "eu";
              masked: boolean;
              report: {
                [key: string]: unknown;
              };
              xml: string;
            };
          };
        };
      };
    };
  };
  "/v1/users/@me/submission-report-summary": {
    /** Submission reports of the caller's organisations: counts by status, overdue, due within 3 days */
    get: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              total: number;
              byStatus: {
                [key: string]: number;
              };
              overdue: number;
              dueSoon: number;
            };
          };
        };
      };
    };
  };
  "/v1/submissions/reports/{id}/review": {
    /** The review of a submission report and its signature */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              reviewStatus: "PENDING" | "APPROVED" | "REJECTED";
              approvalComment: string | null;
              rejectionComment: string | null;
              signature: ({
                signerId: string | null;
                signerName: string;
                /** Format: date-time */
                signedAt: string;
                meaning: string;
                method: "password" | "totp";
              }) | null;
            };
          };
        };
      };
    };
    /**
     * Approve or reject a submission report, signed with your password or an authenticator code
     * @description An electronic signature (21 CFR 11.50): the record shows the signer’s name, the time (UTC) and the meaning ("approved for submission"). A wrong password or code signs nothing and is audited. An approval of a message with errors is refused with 409 MESSAGE_INVALID, its findings in `meta.messages` (decision 0244).
     */
    put: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            reviewStatus: "APPROVED" | "REJECTED";
            approvalComment?: string;
            rejectionComment?: string;
            password?: string;
            totpCode?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              submissionId: string;
              /** Format: uuid */
              organisationId: string;
              /** Format: uuid */
              reportId: string;
              /** Format: uuid */
              receiverId: string;
              receiverName: string;
              caseReference: string;
              messageId: string;
              profile: "ich" | "fda" | "eu";
              masked: boolean;
              valid: boolean;
              findings: ({
                  layer: "xsd" | "ich" | "profile";
                  severity: "error" | "warning";
                  rule: string;
                  rules?: string[];
                  dataElement?: string;
                  xpath?: string;
                  casePath?: string;
                  field?: string;
                  message: string;
                  line?: number;
                })[];
              status: "NOT_SENT" | "SENT" | "IN_REVIEW" | "ACCEPTED" | "REJECTED" | "FAILED";
              statusReason: string | null;
              reasonCode: ("invalid" | "no_transport" | "awaiting_approval" | "approval_rejected" | "queued") | null;
              manuallyProcessedReason: string | null;
              reviewStatus: "PENDING" | "APPROVED" | "REJECTED";
              approvalComment: string | null;
              rejectionComment: string | null;
              signature: ({
                signerId: string | null;
                signerName: string;
                /** Format: date-time */
                signedAt: string;
                meaning: string;
                method: "password" | "totp";
              }) | null;
              reviewRequired: boolean;
              serious: boolean;
              /** Format: date */
              dayZero: string;
              /** Format: date */
              dueDate: string;
              overdue: boolean;
              dueSoon: boolean;
              attempts: number;
              maxAttempts: number;
              nextAttemptAt: string | null;
              resendCount: number;
              resentAt: string | null;
              lastError: string | null;
              httpStatus: number | null;
              ackCode: string | null;
              ackErrors: string[];
              sentAt: string | null;
              lateByDays: number | null;
              acknowledgedAt: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
      };
    };
  };
  "/v1/submissions/responses": {
    /** Acknowledgements kept, newest first; `matched=false` or `malformed=true` lists the flagged ones */
    get: {
      parameters: {
        query?: {
          page?: number;
          size?: number;
          matched?: boolean;
          malformed?: boolean;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              items: ({
                  /** Format: uuid */
                  id: string;
                  /** Format: uuid */
                  organisationId: string;
                  matched: boolean;
                  malformed: boolean;
                  problem: string | null;
                  code: string | null;
                  messageIds: string[];
                  submissionReportId: string | null;
                  createdBy: string | null;
                  /** Format: date-time */
                  createdAt: string;
                  via: "api" | "as2";
                  kind: "acknowledgement" | "mdn" | "other";
                  receiverId: string | null;
                  receiverName: string | null;
                  as2MessageId: string | null;
                  contentType: string | null;
                })[];
              page: number;
              size: number;
              total: number;
            };
          };
        };
      };
    };
    /** A receiver's acknowledgement (ICH XML): matched by message id, kept and flagged when it matches nothing or cannot be read */
    post: {
      requestBody: {
        content: {
          "application/json": {
            ack: string;
            /** Format: uuid */
            organisationId?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              organisationId: string;
              malformed: boolean;
              matched: boolean;
              problem: string | null;
              code: string | null;
              results: ({
                  messageId: string;
                  submissionReportId: string | null;
                  status: ("NOT_SENT" | "SENT" | "IN_REVIEW" | "ACCEPTED" | "REJECTED" | "FAILED") | null;
                  errors: string[];
                })[];
              /** Format: date-time */
              createdAt: string;
            };
          };
        };
      };
    };
  };
  "/v1/submissions/responses/{id}": {
    /** One kept acknowledgement, with its XML as it was posted */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              organisationId: string;
              matched: boolean;
              malformed: boolean;
              problem: string | null;
              code: string | null;
              messageIds: string[];
              submissionReportId: string | null;
              createdBy: string | null;
              /** Format: date-time */
              createdAt: string;
              via: "api" | "as2";
              kind: "acknowledgement" | "mdn" | "other";
              receiverId: string | null;
              receiverName: string | null;
              as2MessageId: string | null;
              contentType: string | null;
              xml: string;
            };
          };
        };
      };
    };
  };
  "/v1/sso-providers": {
    /** The sign-in buttons of a platform's login page (platformId, else the request's host) */
    get: {
      parameters: {
        query?: {
          platformId?: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
                /** Format: uuid */
                id: string;
                name: string;
                startUrl: string;
              }[];
          };
        };
      };
    };
  };
  "/v1/sso-providers/manage": {
    /** Every SSO provider of a platform (the caller's by default), for administrators */
    get: {
      parameters: {
        query?: {
          platformId?: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                platformId: string;
                name: string;
                issuerUrl: string;
                clientId: string;
                hasClientSecret: boolean;
                scopes: string[];
                enabled: boolean;
                allowedEmailDomains: string[];
                autoCreateUsers: boolean;
                autoCreateOrganisationId: string | null;
                trustedForMfa: boolean;
                discoveredAt: string | null;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
              })[];
          };
        };
      };
    };
  };
  "/v1/sso-provider/{id}": {
    /** One SSO provider (the client secret is never returned) */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              name: string;
              issuerUrl: string;
              clientId: string;
              hasClientSecret: boolean;
              scopes: string[];
              enabled: boolean;
              allowedEmailDomains: string[];
              autoCreateUsers: boolean;
              autoCreateOrganisationId: string | null;
              trustedForMfa: boolean;
              discoveredAt: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
      };
    };
    /** Change an SSO provider (an absent clientSecret keeps the stored one) */
    put: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            name?: string;
            /** Format: uri */
            issuerUrl?: string;
            clientId?: string;
            clientSecret?: string;
            scopes?: string[];
            enabled?: boolean;
            allowedEmailDomains?: string[];
            autoCreateUsers?: boolean;
            autoCreateOrganisationId?: string | null;
            trustedForMfa?: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              name: string;
              issuerUrl: string;
              clientId: string;
              hasClientSecret: boolean;
              scopes: string[];
              enabled: boolean;
              allowedEmailDomains: string[];
              autoCreateUsers: boolean;
              autoCreateOrganisationId: string | null;
              trustedForMfa: boolean;
              discoveredAt: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
      };
    };
    /**
     * Create an SSO provider on platform `{id}`
     * @description `{id}` is the id of the platform that will own the new provider (the new provider gets its own id). The provider's discovery document is read now (422 SSO_DISCOVERY_FAILED when it cannot be and the provider is enabled).
     */
    post: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            name: string;
            /** Format: uri */
            issuerUrl: string;
            clientId: string;
            clientSecret?: string;
            scopes?: string[];
            enabled?: boolean;
            allowedEmailDomains?: string[];
            autoCreateUsers?: boolean;
            autoCreateOrganisationId?: string | null;
            trustedForMfa?: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              name: string;
              issuerUrl: string;
              clientId: string;
              hasClientSecret: boolean;
              scopes: string[];
              enabled: boolean;
              allowedEmailDomains: string[];
              autoCreateUsers: boolean;
              autoCreateOrganisationId: string | null;
              trustedForMfa: boolean;
              discoveredAt: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            };
          };
        };
      };
    };
    /** Delete an SSO provider */
    delete: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
  };
  "/v1/sso/{providerId}/start": {
    /** Start signing in with a provider: redirects to the provider's authorization endpoint */
    get: {
      parameters: {
        query?: {
          returnTo?: string;
        };
        path: {
          providerId: string;
        };
      };
      responses: {
      };
    };
  };
  "/v1/sso/callback": {
    /** Where the provider sends the browser back; redirects to the web app with a one-time code */
    get: {
      parameters: {
        query?: {
          code?: string;
          state?: string;
          iss?: string;
          error?: string;
          error_description?: string;
          session_state?: string;
        };
      };
      responses: {
      };
    };
  };
  "/v1/sso/exchange": {
    /** Exchange the one-time code of a finished SSO sign-in for a session, or for the MFA step (then POST /v1/login/verify) */
    post: {
      requestBody: {
        content: {
          "application/json": {
            code: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
              token: string;
              refreshToken: string;
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              platformId: string;
              organisationId: string | null;
              /** Format: date-time */
              expiresAt?: string;
              /** Format: date-time */
              endsAt?: string;
            }) | ({
              /** @enum {boolean} */
              requiresMfa: true;
              sessionId: string;
              methods?: ("totp" | "sms")[];
            });
          };
        };
      };
    };
  };
  "/v1/sso/identities": {
    /** The caller's linked sign-in providers */
    get: {
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                userId: string;
                userEmail: string;
                providerId: string | null;
                providerName: string | null;
                issuer: string;
                subject: string;
                email: string | null;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                lastLoginAt: string;
              })[];
          };
        };
      };
    };
  };
  "/v1/sso/link": {
    /**
     * Link a sign-in provider to your account: answers where to send the browser
     * @description Needs the current password, and a code of the second factor when the account has one. The browser then signs in at the provider; the callback links that identity and sends the browser to the web app with `#linked=1` (or `#error=CODE`).
     */
    post: {
      requestBody: {
        content: {
          "application/json": {
            /** Format: uuid */
            providerId: string;
            currentPassword: string;
            code?: string;
            method?: "totp" | "sms";
            returnTo?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": {
              location: string;
            };
          };
        };
      };
    };
  };
  "/v1/sso/identities/{id}": {
    /** Remove one of your links to a sign-in provider */
    delete: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
  };
  "/v1/sso-provider/{id}/identities": {
    /** The accounts linked to an SSO provider */
    get: {
      parameters: {
        path: {
          id: string;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          content: {
            "application/json": ({
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                userId: string;
                userEmail: string;
                providerId: string | null;
                providerName: string | null;
                issuer: string;
                subject: string;
                email: string | null;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                lastLoginAt: string;
              })[];
          };
        };
      };
    };
    /** Link the provider's subject to an account (an administrator-approved mapping) */
    post: {
      parameters: {
        path: {
          id: string;
        };
      };
      requestBody: {
        content: {
          "application/json": {
            email: string;
            subject: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          content: {
            "application/json": {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              userId: string;
              userEmail: string;
              providerId: string | null;
              providerName: string | null;
              issuer: string;
              subject: string;
              email: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              lastLoginAt: string;
            };
          };
        };
      };
    };
  };
  "/v1/sso-provider/{id}/identities/{identityId}": {
    /** Remove a link between an account and an SSO provider */
    delete: {
      parameters: {
        path: {
          id: string;
          identityId: string;
        };
      };
      responses: {
        /** @description Default Response */
        204: {
          content: never;
        };
      };
    };
  };
  "/v1/organisation/{id}/receivers/{receiverId}/as2": {
    /**
     * A receiver's AS2 gateway sends its acknowledgements here (signed, and encrypted for our certificate)
     * @description Decision 0196. No token: the message is authenticated by the partner’s signature (its pinned certificate). An E2B acknowledgement is processed as POST /v1/submissions/responses is; anything else is kept and flagged. Answers a signed MDN when Disposition-Notification-To asks for one (on the connection, or later to Receipt-Delivery-Option), else 200 with no body. The same Message-ID from the same receiver is processed once.
     */
    post: {
      parameters: {
        path: {
          id: string;
          receiverId: string;
        };
      };
      responses: {
        /** @description A signed MDN (multipart/signed over multipart/report), or nothing */
        200: {
          content: {
            "multipart/signed": unknown;
          };
        };
      };
    };
  };
}

export type webhooks = Record<string, never>;

export interface components {
  schemas: {
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}

export type $defs = Record<string, never>;

export type external = Record<string, never>;

export type operations = Record<string, never>;
