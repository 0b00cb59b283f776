import { useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { focusFirstInvalid } from "./focus.ts";

/**
 * The browser's check before a form is sent (decision 0010): `check` runs the form's own schema
 * (`validate` answers the field messages, or nothing when all is well); on a problem it stops the
 * submission, shows the messages and moves the keyboard to the first field that has one. The server
 * checks again: this only saves a round trip.
 */
export function useClientCheck<Errors>(validate: (values: FormData) => Errors | undefined) {
  const [clientErrors, setClientErrors] = useState<Errors | undefined>();
  function check(event: FormEvent<HTMLFormElement>): FormData | undefined {
    const form = event.currentTarget;
    const values = new FormData(form);
    const errors = validate(values);
    if (errors === undefined) {
      setClientErrors(undefined);
      return values;
    }
    event.preventDefault();
    flushSync(() => setClientErrors(errors));
    focusFirstInvalid(form);
    return undefined;
  }
  return { clientErrors, setClientErrors, check };
}
