import { createContext, useContext } from 'react';

/**
 * Whether the server can be reached now, for controls whose action needs it (`needsConnection`).
 * ui reads no data layer: the app provides this from its online status; without it, online.
 */
export const ConnectionContext = createContext(true);

export function useConnected(): boolean {
  return useContext(ConnectionContext);
}
