import type { ReactNode } from "react";
import { INTENT_FIELD } from "../../lib/forms.ts";
import { StatusButton } from "./status-button.tsx";
import { useIsPending } from "./use-is-pending.ts";

/**
 * The submit button of one of a screen's several actions: it sends its `intent` and shows
 * `pendingText` while that action (and only that one) is under way. `tone`: 'outline' for a
 * secondary action, 'danger' for one that removes or switches something off.
 */
export function IntentButton({
  intent,
  pendingText,
  tone = "primary",
  size,
  children,
}: {
  intent: string;
  pendingText: string;
  tone?: "primary" | "outline" | "danger";
  size?: "sm";
  children: ReactNode;
}) {
  const pending = useIsPending({ intent });
  return (
    <StatusButton
      name={INTENT_FIELD}
      value={intent}
      status={pending ? "pending" : "idle"}
      pendingText={pendingText}
      {...(tone === "primary" ? {} : { variant: "outline" as const })}
      {...(size ? { size } : {})}
      className={tone === "danger" ? "border-brand-700 text-brand-800" : undefined}
    >
      {children}
    </StatusButton>
  );
}
