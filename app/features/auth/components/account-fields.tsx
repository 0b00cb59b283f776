import { Field } from "../../../components/forms/field.tsx";

/**
 * The fields Mein Konto and Konten share: the account's current password, asked for before anything
 * about the sign-in changes, and a new password (the rules of decision 0025 are checked on the server).
 */
export function CurrentPasswordField({
  id,
  confirming,
  error,
}: {
  id: string;
  confirming?: boolean;
  error: string | undefined;
}) {
  return (
    <Field
      id={id}
      label={confirming ? "Aktuelles Passwort (zur Bestätigung)" : "Aktuelles Passwort"}
      errors={error}
      inputProps={{ name: "current", type: "password", autoComplete: "current-password" }}
    />
  );
}

export function NewPasswordField({
  id,
  label,
  description,
  error,
  name = "password",
}: {
  id: string;
  label: string;
  description?: string;
  error: string | undefined;
  name?: string;
}) {
  return (
    <Field
      id={id}
      label={label}
      description={description}
      errors={error}
      inputProps={{ name, type: "password", autoComplete: "new-password" }}
    />
  );
}

/**
 * Both factors, for a change to the second factor: the current password and a code — from the app
 * while setting it up (six digits), from the app or a recovery code once it is on.
 */
export function BothFactorsFields({
  ids,
  codeLabel,
  recoveryCode,
  errors,
}: {
  ids: { password: string; code: string };
  codeLabel: string;
  recoveryCode: boolean;
  errors: { current?: string; code?: string };
}) {
  return (
    <>
      <CurrentPasswordField id={ids.password} confirming error={errors.current} />
      <Field
        id={ids.code}
        label={codeLabel}
        errors={errors.code}
        inputProps={{
          name: "code",
          autoComplete: "one-time-code",
          ...(recoveryCode
            ? { autoCapitalize: "none", maxLength: 40 }
            : { inputMode: "numeric", maxLength: 7 }),
        }}
      />
    </>
  );
}
