export { ContentEditor } from "./components/admin/content-editor.tsx";
export { type ContentSubmission } from "./content-form.ts";
