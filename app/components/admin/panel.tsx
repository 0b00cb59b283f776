import type { ReactNode } from "react";

/** A titled card of a staff screen: a section named by its heading. */
export function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="space-y-5 rounded-lg border border-stone-200 bg-white p-5 shadow-sm md:p-6"
    >
      <h2 id={id} className="font-sans text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
