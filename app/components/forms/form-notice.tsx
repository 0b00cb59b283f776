import type { ReactNode } from "react";
import type { Notice } from "../../lib/forms.ts";
import { cn } from "../../lib/utils.ts";

const toneClasses: Record<Notice["tone"], string> = {
  success: "border-green-700/40 bg-green-50 text-green-900",
  error: "border-brand-700/40 bg-brand-50 text-brand-800",
};

/**
 * A notice in the page: the result of a submission where no toast can show it (without JavaScript),
 * or a message for the form as a whole. Errors are alerts, successes a status message.
 */
export function FormNotice({
  tone,
  title,
  children,
  className,
}: {
  tone: Notice["tone"];
  title?: string;
  /** The description: a text, or text with links. */
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn("rounded-md border p-3 text-sm", toneClasses[tone], className)}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      {typeof children === "string" ? <p>{children}</p> : children}
    </div>
  );
}

/** A `Notice` (title and description) shown in the page. */
export const NoticeInPage = ({ notice, className }: { notice: Notice; className?: string }) => (
  <FormNotice tone={notice.tone} title={notice.title} className={className}>
    {notice.description}
  </FormNotice>
);
