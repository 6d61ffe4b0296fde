import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'ocr', include: ['src/**/*.test.ts'] } });
