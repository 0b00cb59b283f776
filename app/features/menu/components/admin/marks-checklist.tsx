import { useId } from "react";
import { MARKS, type MarkKind } from "../../marks.ts";

const legends: Record<MarkKind, string> = {
  allergens: "Allergene",
  additives: "Zusatzstoffe",
};

/**
 * The allergens and additives of a dish as checklists (never free text): each box named by letter or
 * number and name, grouped in a fieldset a screen reader announces.
 */
export function MarksChecklist({
  selected,
  errors,
  english = false,
}: {
  selected: { allergens: readonly string[]; additives: readonly string[] };
  errors?: Partial<Record<MarkKind, string>>;
  /** On 'Menu Items' the legends are English, as that screen's labels are. */
  english?: boolean;
}) {
  const id = useId();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {(["allergens", "additives"] as const).map((kind) => {
        const errorId = `${id}-${kind}-error`;
        return (
          <fieldset
            key={kind}
            className="rounded-md border border-stone-200 p-3"
            aria-describedby={errors?.[kind] ? errorId : undefined}
          >
            <legend className="px-1 text-sm font-medium">
              {english
                ? kind === "allergens"
                  ? "Allergens (Allergene)"
                  : "Additives (Zusatzstoffe)"
                : legends[kind]}
            </legend>
            <div className="mt-1 grid max-h-56 gap-1 overflow-y-auto pr-1">
              {MARKS[kind].map((mark) => (
                <label key={mark.code} className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    name={kind}
                    value={mark.code}
                    defaultChecked={selected[kind].includes(mark.code)}
                    className="mt-0.5 size-4 accent-brand-700"
                  />
                  <span>
                    <span className="font-semibold tabular-nums">{mark.code}</span> {mark.name}
                  </span>
                </label>
              ))}
            </div>
            {errors?.[kind] ? (
              <p id={errorId} className="mt-2 text-sm font-medium text-brand-700">
                {errors[kind]}
              </p>
            ) : null}
          </fieldset>
        );
      })}
    </div>
  );
}
