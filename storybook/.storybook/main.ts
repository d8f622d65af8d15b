import type { StorybookConfig } from '@storybook/react-vite';

/** Stories sit beside the widgets they show. */
const config: StorybookConfig = {
  stories: ['../../widgets/src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
};

export default config;
