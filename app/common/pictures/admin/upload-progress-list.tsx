import { CircleAlert } from "lucide-react";
import type { UploadProgress } from "./use-picture-uploads.ts";

/** One line per chosen file: its name, a progress bar while it is sent, then done or its message. */
export function UploadProgressList({ uploads }: { uploads: UploadProgress[] }) {
  if (uploads.length === 0) return null;
  return (
    <ul aria-label="Hochladen" className="space-y-2">
      {uploads.map((upload) => {
        const percent = Math.round(upload.progress * 100);
        return (
          <li key={upload.id} className="rounded-md border border-stone-200 bg-white p-3 text-sm">
            <div className="flex items-center justify-between gap-3">
              <span className="truncate font-medium">{upload.name}</span>
              <span className="flex shrink-0 gap-2 text-muted">
                {upload.state === "sending" && percent < 100 ? (
                  <span aria-hidden="true">{percent} %</span>
                ) : null}
                {/* Read out when the state changes, not at every percent. */}
                <span aria-live="polite">
                  {upload.state === "waiting"
                    ? "Wartet…"
                    : upload.state === "sending"
                      ? percent < 100
                        ? "Wird hochgeladen…"
                        : "Wird verarbeitet…"
                      : upload.state === "done"
                        ? "Hochgeladen"
                        : "Fehlgeschlagen"}
                </span>
              </span>
            </div>
            {upload.state === "failed" ? (
              <p className="mt-1 flex items-center gap-1.5 text-brand-800">
                <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
                {upload.message}
              </p>
            ) : (
              <div
                role="progressbar"
                aria-label={`${upload.name} hochladen`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                className="mt-2 h-2 overflow-hidden rounded-full bg-stone-200"
              >
                <div
                  className={
                    upload.state === "done" ? "h-full bg-green-700" : "h-full bg-brand-700 transition-[width]"
                  }
                  style={{ width: `${percent}%` }}
                />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
