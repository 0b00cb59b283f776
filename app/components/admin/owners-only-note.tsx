import { Lock } from "lucide-react";

/** Why the screen's forms are closed to a staff member who is no owner ('Nur Inhaber …'). */
export function OwnersOnlyNote({ text }: { text: string }) {
  return (
    <p
      role="note"
      className="flex items-center gap-2 rounded-md border border-stone-300 bg-stone-50 p-3 text-sm"
    >
      <Lock className="size-4" aria-hidden="true" />
      {text}
    </p>
  );
}
