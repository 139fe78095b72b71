/// <reference types="vite/client" />

/** package.json version, defined by vite.config.ts. */
declare const __APP_VERSION__: string;
/** ISO time of the build, defined by vite.config.ts; busts the translations cache. */
declare const __BUILD_DATE__: string;
