import { config } from 'zod';

// Zod compiles object parsers with `new Function` when it can, probing for that with an eval the
// page's Content-Security-Policy (script-src 'self', no eval) refuses and reports. The web app parses
// small replies, so the interpreted parser costs nothing noticeable. Schemas read the setting when
// they are created (as the shared package's modules evaluate), so this runs before them: the build
// puts it in zod's own chunk (vite.config.ts), which every chunk that makes a schema imports, and
// package.json lists it as a side effect so the build keeps it.
config({ jitless: true });
