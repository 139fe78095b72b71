/**
 * What every web app manifest of Paddock shares: the app's own (vite.config.ts) and each show's
 * live page (GET /api/v1/venue/{id}/live.webmanifest).
 */
export const MANIFEST_LOOK: {
  display: 'standalone';
  background_color: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
} = {
  display: 'standalone',
  background_color: '#ffffff',
  theme_color: '#2f6b3a',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};
