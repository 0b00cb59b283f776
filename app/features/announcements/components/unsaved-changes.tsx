import { useEffect } from "react";
import { useBlocker } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";

/**
 * Asks before unsaved changes are lost: in-app navigation waits for the dialog below, a reload or
 * closing the tab gets the browser's own prompt (browsers do not allow a custom one there).
 * Saving posts to the same page, which is not 'leaving' and is not blocked.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const blocked = blocker.state === "blocked";
  return (
    <Dialog
      open={blocked}
      onOpenChange={(open) => {
        if (!open && blocker.state === "blocked") blocker.reset();
      }}
    >
      <DialogContent className="max-w-md" role="alertdialog">
        <DialogHeader>
          <DialogTitle>Änderungen verwerfen?</DialogTitle>
          <DialogDescription>
            Sie haben Änderungen an den Mitteilungen noch nicht gespeichert. Wenn Sie die Seite verlassen,
            gehen sie verloren.
          </DialogDescription>
        </DialogHeader>
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => blocker.reset?.()}>
            Auf Seite bleiben
          </Button>
          <Button onClick={() => blocker.proceed?.()}>Verwerfen</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
