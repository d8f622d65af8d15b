# Kib: the tool provider, the site and the widgets in one image. It runs the server's production
# bundle with plain node on the PostgreSQL of DATABASE_URL (see compose.yaml, docs/operations.md and
# docs/adr/0025-the-server-runs-compiled-in-production.md).

# The build: every dependency (Vite, esbuild), then the widgets, the site and the server's bundle.
FROM node:20-bookworm-slim AS build

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
RUN npm ci --no-audit --no-fund

COPY . .
# Besides the bundle, the server reads files beside its sources (the embedded database's and the
# spreadsheets' worker threads, reference tables, the seed's media): the sources' folder, less the
# TypeScript, goes into the image.
RUN npm run build \
  && mkdir -p /runtime/tool-provider \
  && tar -C tool-provider --exclude='*.ts' --exclude='fixtures' -cf - src | tar -C /runtime/tool-provider -xf -

# The image: the tool provider's runtime dependencies only (no tsx, esbuild, Vite or React), and
# what the build made.
FROM node:20-bookworm-slim

WORKDIR /app

COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/packages/core/package.json packages/core/
COPY --from=build /app/packages/i18n/package.json packages/i18n/
COPY --from=build /app/packages/checker/package.json packages/checker/
COPY --from=build /app/packages/api-client/package.json packages/api-client/
COPY --from=build /app/widgets/package.json widgets/
COPY --from=build /app/site/package.json site/
COPY --from=build /app/tool-provider/package.json tool-provider/
COPY --from=build /app/storybook/package.json storybook/
COPY --from=build /app/docs/package.json docs/
COPY --from=build /app/examples/package.json examples/
COPY --from=build /app/tests/package.json tests/
RUN npm ci --omit=dev --workspace @kib/tool-provider --no-audit --no-fund \
  && npm cache clean --force

COPY --from=build /app/tool-provider/dist tool-provider/dist
COPY --from=build /runtime/tool-provider/src tool-provider/src
COPY --from=build /app/site/dist site/dist
COPY --from=build /app/widgets/dist widgets/dist
RUN mkdir -p /app/data && chown node:node /app/data

# Two malloc arenas: the file parsers' and libvips's threads otherwise each keep their own, and
# memory freed after a large upload stays with the process (docs/operations.md#files-users-upload).
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=8080 \
  DATA_DIR=/app/data \
  MALLOC_ARENA_MAX=2
USER node
EXPOSE 8080
VOLUME ["/app/data"]

# Readiness: the database answers and has every migration of this version.
HEALTHCHECK --interval=15s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# The commands beside it: `node tool-provider/dist/migrate.mjs`, `seed.mjs`, `lti.mjs` (docker exec).
CMD ["node", "--enable-source-maps", "tool-provider/dist/main.mjs"]
