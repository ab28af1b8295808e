# A plain image of one Betoch server (docs/deploy.md). Not built in this repository's CI: the
# machines here have no Docker engine and cannot pull base images, so build and try it where you run it.
#
# The base is Node.js 24 LTS, pinned by digest (node:24-bookworm-slim as published for 24.18.0), so a
# rebuild gets the same system libraries. To move it on: `docker buildx imagetools inspect
# node:24-bookworm-slim` prints the current digest; put it in both FROM lines.
ARG NODE_IMAGE=node:24-bookworm-slim@sha256:6f7b03f7c2c8e2e784dcf9295400527b9b1270fd37b7e9a7285cf83b6951452d

# Stage 1: build the web app and the server with the dev tools (Vite, esbuild, TypeScript).
FROM ${NODE_IMAGE} AS build
WORKDIR /opt/betoch
# No test browser is downloaded (the journeys run elsewhere).
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json tsconfig.base.json ./
COPY packages ./packages
COPY apps ./apps
COPY scripts ./scripts
RUN npm ci --no-audit --no-fund && npm run build

# Stage 2: what runs. Production dependencies only (no Vite, Vitest, Playwright, TypeScript), the
# built server and web app, and the sources of the command-line tasks (npm run admin ..., run by tsx,
# a production dependency).
FROM ${NODE_IMAGE}
WORKDIR /opt/betoch
ENV NODE_ENV=production
COPY package.json package-lock.json tsconfig.base.json ./
COPY packages/contracts/package.json ./packages/contracts/package.json
COPY apps/api/package.json ./apps/api/package.json
COPY apps/web/package.json ./apps/web/package.json
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY packages/contracts ./packages/contracts
COPY apps/api/src ./apps/api/src
COPY apps/api/migrations ./apps/api/migrations
COPY apps/api/tsconfig.json ./apps/api/tsconfig.json
COPY --from=build /opt/betoch/apps/api/dist ./apps/api/dist
COPY --from=build /opt/betoch/apps/web/dist ./apps/web/dist
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD node -e "fetch('http://127.0.0.1:8080/api/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--single-threaded-gc", "--max-semi-space-size=16", "--heap-growing-percent=300", "--external-memory-accounted-in-global-limit", "apps/api/dist/main.js"]
