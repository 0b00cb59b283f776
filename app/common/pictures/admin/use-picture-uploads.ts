import { useEffect, useRef, useState } from "react";
import { sendPicture, uploadMessages, type UploadAnswer, type UploadTarget } from "../picture-upload.ts";

export interface UploadProgress {
  id: number;
  name: string;
  /** Share sent, 0…1. */
  progress: number;
  state: "waiting" | "sending" | "done" | "failed";
  message?: string;
}

/**
 * Pictures chosen by staff, sent one after another, each with its own progress. `onAnswer` hears
 * every file's answer (a toast, the new address, a reload of the list).
 */
export function usePictureUploads(
  target: UploadTarget,
  onAnswer: (answer: UploadAnswer, file: File) => void,
) {
  const [uploads, setUploads] = useState<UploadProgress[]>([]);
  const nextId = useRef(0);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const answered = useRef(onAnswer);
  useEffect(() => {
    answered.current = onAnswer;
  });

  const update = (id: number, change: Partial<UploadProgress>) =>
    setUploads((current) => current.map((entry) => (entry.id === id ? { ...entry, ...change } : entry)));

  function start(files: Iterable<File>) {
    const batch = [...files].map((file) => ({ file, id: ++nextId.current }));
    if (batch.length === 0) return;
    setUploads((current) => [
      // Finished uploads of an earlier batch make room for the new one.
      ...current.filter((entry) => entry.state === "waiting" || entry.state === "sending"),
      ...batch.map(({ file, id }) => ({ id, name: file.name, progress: 0, state: "waiting" as const })),
    ]);
    for (const { file, id } of batch) {
      queue.current = queue.current
        .then(async () => {
          update(id, { state: "sending" });
          const answer = await sendPicture(file, target, (progress) => update(id, { progress })).catch(
            (): UploadAnswer => ({
              ok: false,
              title: uploadMessages.failedTitle,
              message: uploadMessages.failed,
            }),
          );
          update(
            id,
            answer.ok ? { state: "done", progress: 1 } : { state: "failed", message: answer.message },
          );
          answered.current(answer, file);
        })
        // One file's trouble never stops the files after it.
        .catch(() => undefined);
    }
  }

  return {
    uploads,
    start,
    busy: uploads.some((entry) => entry.state === "waiting" || entry.state === "sending"),
  };
}
