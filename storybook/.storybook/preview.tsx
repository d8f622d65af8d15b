import type { Preview } from '@storybook/react-vite';

/** Every story is checked by axe; a violation fails its test. */
const preview: Preview = {
  parameters: {
    a11y: { test: 'error' },
    viewport: {
      options: {
        phone: { name: 'Phone 360', styles: { width: '360px', height: '740px' } },
      },
    },
  },
  globalTypes: {
    lang: {
      description: 'Language of the widgets',
      toolbar: { title: 'Language', items: ['es', 'en'], dynamicTitle: true },
    },
  },
  initialGlobals: { lang: 'es' },
};

export default preview;
