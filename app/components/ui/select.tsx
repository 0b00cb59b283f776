import type { ComponentProps } from "react";
import { cn } from "../../lib/utils.ts";

/** The browser's own drop-down, styled like `Input`: works without JavaScript and on every phone. */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "h-10 w-full rounded-md border border-stone-300 bg-white px-3 py-0 text-base text-ink focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-brand-700 md:text-sm",
        className,
      )}
      {...props}
    />
  );
}
