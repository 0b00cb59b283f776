export {
  accountAdminTarget,
  accountFormFailure,
  myAccountTarget,
  type AccountAdminTarget,
  type AccountFormResult,
  type LoginResult,
  type MyAccountTarget,
} from "./action-results.ts";
export { AccountAdminScreen } from "./components/account-admin-screen.tsx";
export { AuthCard } from "./components/auth-card.tsx";
export { LoginForm } from "./components/login-form.tsx";
export { MyAccountScreen } from "./components/my-account-screen.tsx";
export { newPasswordSchema, pendingStepMessages, pendingStepsConsequence, usernameSchema } from "./schema.ts";
