# A plain image of one Betoch server (docs/deploy.md). Not built in this repository's CI: the
# machines here have no Docker engine and cannot pull base images, so build and try it where you run it.
FROM node:20-bookworm-slim
WORKDIR /opt/betoch
# The build needs the dev tools (Vite, TypeScript); no test browser is downloaded.
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
COPY packages ./packages
COPY apps ./apps
COPY scripts ./scripts
COPY tsconfig.base.json ./
RUN npm ci --no-audit --no-fund && npm run build && npm cache clean --force
ENV NODE_ENV=production
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD node -e "fetch('http://127.0.0.1:8080/api/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--single-threaded-gc", "--max-semi-space-size=16", "--heap-growing-percent=300", "apps/api/dist/main.js"]
