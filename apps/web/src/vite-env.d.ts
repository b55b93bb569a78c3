/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_ANALYTICS_ENDPOINT?: string;
  readonly VITE_COMMUNITY_CHAT_URL?: string;
  readonly VITE_INSTAGRAM_URL?: string;
  readonly VITE_LINKEDIN_URL?: string;
  readonly VITE_PRESS_EMAIL?: string;
  readonly VITE_COUNTDOWN_TARGET?: string;
  /** Comma-separated reel addresses for the home page social block (embedded only with consent). */
  readonly VITE_HOME_REELS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
