import type { ReactNode } from "react";
import { Link } from "react-router";

/** The frame of the staff sign-in pages: brand, a card, and the way back to the public site. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-[radial-gradient(ellipse_at_top,#fbe4e1_0%,#faf7f2_60%)] px-4 py-12">
      <Link to="/" className="mb-8 font-serif text-3xl font-bold text-brand-700">
        Ristorante Tavola
      </Link>
      <div className="w-full max-w-md rounded-xl border border-stone-200 bg-white p-8 shadow-lg">
        <h1 className="text-3xl font-bold">{title}</h1>
        {description ? <p className="mt-2 text-sm text-muted">{description}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
      <Link to="/" className="mt-6 text-sm text-muted underline-offset-4 hover:text-ink hover:underline">
        Zurück zur Website
      </Link>
    </main>
  );
}
