import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'eslint-rules', include: ['*.test.ts'] } });
