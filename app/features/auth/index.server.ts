export { handleAccountAdminAction, loadAccountAdmin } from "./account-admin.server.ts";
export {
  cookieSettingsOf,
  optionalStaffSession,
  ownersOnly,
  ownersOnlyBecause,
  ownersOnlyForChanges,
  sessionChanged,
  sessionCheckOf,
  signedInStaff,
  staffAccessOf,
  staffGuard,
} from "./auth.server.ts";
export { handleLoginAction, loadLogin } from "./login.server.ts";
export { handleMyAccountAction, loadMyAccount } from "./my-account.server.ts";
export { passwordProblem } from "./password-policy.server.ts";
export {
  clearedSessionCookie,
  createSession,
  currentStaff,
  deleteSession,
  readSessionToken,
  sessionCookieName,
} from "./session.server.ts";
export {
  LookalikeUsernameError,
  ensureStaffAccount,
  listStaff,
  setStaffPassword,
  setStaffRole,
  turnOffSecondFactor,
  type BootstrapResult,
} from "./staff.server.ts";
export { newPasswordSchema, usernameSchema } from "./schema.ts";
