# Kib: the tool provider, the site and the widgets in one image. It runs `npm start` on the
# PostgreSQL of DATABASE_URL (see compose.yaml and docs/operations.md).
FROM node:20-bookworm-slim

WORKDIR /app

# The manifests first, so a change of source alone reuses the installed dependencies.
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY packages/i18n/package.json packages/i18n/
COPY packages/checker/package.json packages/checker/
COPY packages/api-client/package.json packages/api-client/
COPY widgets/package.json widgets/
COPY site/package.json site/
COPY tool-provider/package.json tool-provider/
COPY storybook/package.json storybook/
COPY docs/package.json docs/
COPY examples/package.json examples/
COPY tests/package.json tests/
# Development dependencies too: the build needs Vite, and `npm start` runs the TypeScript with tsx.
RUN npm ci --no-audit --no-fund

COPY . .
RUN npm run build \
  && mkdir -p /app/data \
  && chown node:node /app/data

ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=8080 \
  DATA_DIR=/app/data
USER node
EXPOSE 8080
VOLUME ["/app/data"]

# Readiness: the database answers and has every migration of this version.
HEALTHCHECK --interval=15s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

CMD ["npm", "start"]
