import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { Providers } from './providers';
import { routerOptions, routes } from './route-tree';

/** Create the router only after i18n is ready: guards may show translated notices at once. */
export function createApp() {
  const router = createBrowserRouter(routes, routerOptions);
  return function App() {
    return (
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    );
  };
}
