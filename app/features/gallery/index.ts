export { GalleryAdmin } from "./components/admin/gallery-admin.tsx";
export { PublicGallery } from "./components/public-gallery.tsx";
export { galleryFailureNotices, galleryMessages, type GalleryAdminPicture } from "./gallery-model.ts";
