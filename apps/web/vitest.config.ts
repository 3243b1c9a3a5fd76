import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // two files at a time on the 2-core machine (vitest's default leaves one core idle: cores − 1); the component
      // files each spend seconds importing antd into their own jsdom
      maxWorkers: 2,
    },
  }),
);
