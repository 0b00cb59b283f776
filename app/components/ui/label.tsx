import type { ComponentProps } from "react";
import { cn } from "../../lib/utils.ts";

export function Label({ className, ...props }: ComponentProps<"label">) {
  return <label className={cn("text-sm font-medium leading-none text-ink", className)} {...props} />;
}

/** The message under a form field; `id` is what the field's aria-describedby points at. */
export function FieldError({ id, children }: { id: string; children?: string | undefined }) {
  if (!children) return null;
  return (
    <p id={id} className="text-sm font-medium text-brand-700">
      {children}
    </p>
  );
}
