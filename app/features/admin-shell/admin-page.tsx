import type { ReactNode } from "react";

/** Heading and body of one admin screen. */
export function AdminPage({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:px-8">
      <h1 className="text-3xl font-bold">{title}</h1>
      {description ? <p className="mt-2 text-muted">{description}</p> : null}
      <div className="mt-8">{children}</div>
    </div>
  );
}
