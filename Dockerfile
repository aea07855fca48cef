# One image for every service, the gateway and the feature apps' servers; SERVICE picks which one a container runs
# (a service, `gateway`, or `web-mfe-<x>`). Two stages: the build (compilers for better-sqlite3, the web builds)
# and the runtime, which has no compiler and runs as the unprivileged `node` user.
FROM node:20-bookworm-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/* \
  && npm install -g pnpm@10.34.9
WORKDIR /app
COPY . .
RUN pnpm install --frozen-lockfile
# The web frontends' production builds: the gateway serves the shell, each web-mfe-<x> container one feature app.
# The support chat link is read at build time (docker compose build --build-arg ERP_SUPPORT_CHAT_URL=...).
ARG ERP_SUPPORT_CHAT_URL=
RUN pnpm build:web

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build --chown=node:node /app /app
USER node
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8080/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["sh", "-c", "exec node --import tsx services/runner/src/service-main.ts \"$SERVICE\""]
