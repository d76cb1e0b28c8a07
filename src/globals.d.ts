declare const __APP_VERSION__: string;
declare const __DEV__: boolean;
declare const __API_BASE_URL__: string;
