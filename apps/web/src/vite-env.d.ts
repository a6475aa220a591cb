/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** This build's marker (vite.config.ts); sent as CzVersion until the server names a newer one. */
  readonly VITE_BUILD_VERSION: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
