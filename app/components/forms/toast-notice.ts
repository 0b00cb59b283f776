import type { Notice } from "../../lib/forms.ts";
import { toast } from "../ui/toaster.tsx";

/**
 * A `Notice` as a toast: the screen's result once JavaScript runs (staff screens, and the guests'
 * reservation form, which loads this with the toast area only when it answers; decision 0008).
 */
export function toastNotice(notice: Notice): void {
  const show = notice.tone === "success" ? toast.success : toast.error;
  show(notice.title, { description: notice.description });
}
