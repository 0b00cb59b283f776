import { useFormAction, useNavigation, type Fetcher, type Navigation } from "react-router";
import { INTENT_FIELD } from "../../lib/forms.ts";

export interface PendingOptions {
  /** The form's action; by default the current route's (what a `<Form>` without `action` posts to). */
  formAction?: string;
  /** By default POST: a submission that changes something. */
  formMethod?: string;
  /** Only a submission with this intent (e.g. 'save', not a list button). */
  intent?: string;
  /** 'submitting': only until the answer arrives; 'non-idle' (default): also while the page reloads its data after it. */
  state?: "submitting" | "non-idle";
}

/** A navigation or a fetcher, as far as pending state is concerned. */
interface Submission {
  state: Navigation["state"] | Fetcher["state"];
  formAction?: string | undefined;
  formMethod?: string | undefined;
  formData?: FormData | undefined;
}

/** The same action: `/admin/content` matches `/admin/content?tab=hero`; an expected query must match exactly. */
function sameAction(actual: string | undefined, expected: string): boolean {
  if (actual === undefined) return false;
  return expected.includes("?") ? actual === expected : actual.split("?")[0] === expected;
}

/** Whether this submission is the one asked about and still under way. */
export function isSubmissionPending(
  submission: Submission,
  { formAction, formMethod = "POST", intent, state = "non-idle" }: PendingOptions,
): boolean {
  const underWay = state === "submitting" ? submission.state === "submitting" : submission.state !== "idle";
  if (!underWay || submission.formMethod?.toUpperCase() !== formMethod.toUpperCase()) return false;
  if (formAction !== undefined && !sameAction(submission.formAction, formAction)) return false;
  return intent === undefined || submission.formData?.get(INTENT_FIELD) === intent;
}

/**
 * Whether a form's submission is under way: the page's own form (by default the current route's
 * action), or a fetcher's when one is given. Drives `StatusButton`'s pending state.
 */
export function useIsPending(options: PendingOptions & { fetcher?: Fetcher } = {}): boolean {
  const navigation = useNavigation();
  const routeAction = useFormAction();
  const { fetcher, ...rest } = options;
  if (fetcher) return isSubmissionPending(fetcher, rest);
  return isSubmissionPending(navigation, { ...rest, formAction: rest.formAction ?? routeAction });
}
