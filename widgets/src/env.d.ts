/// <reference types="vite/client" />
/// <reference types="@vitest/browser-playwright" />
