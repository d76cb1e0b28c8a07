declare const __APP_VERSION__: string;
declare const __DEV__: boolean;
