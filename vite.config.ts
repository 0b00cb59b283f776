import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * Browser chunks: the framework and the shared UI kit in one chunk each instead of two dozen small
 * ones, so a phone on a slow network opens fewer requests before the page is interactive
 * (`npm run bench`). Route code still splits per route.
 */
const browserChunks = [
  { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie)[\\/]/ },
  {
    name: "ui-kit",
    test: /node_modules[\\/](@radix-ui|lucide-react|clsx|tailwind-merge|class-variance-authority|aria-hidden|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib)[\\/]/,
  },
  {
    // Small modules every public page needs. Not the toast area, Zod or the form kit's helpers: those
    // stay out of guests' pages. Of the content-block model (lib/content) only the weekday names and
    // the shipped pictures' facts (which the home page and the admin's defaults share); schemas and
    // defaults go with the admin screen and the server.
    name: "site-shared",
    test: /[\\/]app[\\/](lib[\\/](?!zod\.|forms\.|content[\\/])|lib[\\/]content[\\/](weekdays|pictures)\.|components[\\/](ui[\\/](?!toaster\.)|contact-details\.)|features[\\/]site-frame[\\/]site-frame\.)/,
  },
  {
    // What the home page takes from other features and from the form kit (the reservation form, the
    // dishes of the menu section): one chunk instead of seven small requests on a phone's first load.
    // No Zod and no server code in any of them.
    name: "home-parts",
    test: /[\\/]app[\\/](components[\\/]forms[\\/](focus|status-button|form-notice)\.|features[\\/]reservations[\\/](rules|constants)\.|features[\\/]menu[\\/](marks|public-menu)\.|features[\\/]menu[\\/]components[\\/]dish-picture\.)/,
  },
];

// The server build's entry is our own HTTP pipeline (server/app.ts), which imports the
// React Router build through the virtual module: one bundle, one instance of every module.
export default defineConfig({
  environments: {
    client: { build: { rollupOptions: { output: { codeSplitting: { groups: browserChunks } } } } },
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  plugins: [tailwindcss(), reactRouter()],
});
