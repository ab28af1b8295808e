import { fakeUser, renderApp, type RenderAppOptions } from '@/test/render';

/** Chat screens inside the app's providers, signed in as a tenant unless `user` says otherwise. */
export function renderChat(options: RenderAppOptions) {
  return renderApp({ user: fakeUser(), ...options });
}
