// The path, on the app's own origin (app://bridgescope and the browser harness), that answers remote icons:
// the renderer builds `${ICON_PATH}?src=<url>` (lib/format.ts iconUrl), main serves it (src/main/icons.ts).
export const ICON_PATH = '/__icon'
