import type { ReactNode } from "react";
import { cn } from "../../../lib/utils.ts";

// Every tone pairs a light background with a dark text of the same hue: WCAG AA contrast.
const tones = {
  red: "bg-brand-700 text-white",
  amber: "bg-amber-100 text-amber-900",
  green: "bg-green-100 text-green-900",
  stone: "bg-stone-200 text-stone-800",
  outline: "bg-white text-stone-700 ring-1 ring-stone-300 ring-inset",
} as const;

export type BadgeTone = keyof typeof tones;

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}
