import { createContext, useContext } from "react";

const NonceContext = createContext("");

/** The CSP nonce of this response (server only; the browser hides it and needs none after load). */
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
