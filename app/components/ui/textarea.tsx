import type { ComponentProps } from "react";
import { cn } from "../../lib/utils.ts";

/** A multi-line text field styled like `Input`; it grows with its text where the browser can. */
export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      className={cn(
        "flex min-h-20 w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-base text-ink [field-sizing:content] placeholder:text-stone-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-brand-700 md:text-sm",
        className,
      )}
      {...props}
    />
  );
}
