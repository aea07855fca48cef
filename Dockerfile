# One image for every service, the gateway and the feature apps' servers; SERVICE picks which one a container runs
# (a service, `gateway`, or `web-mfe-<x>`).
FROM node:20-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/* \
  && npm install -g pnpm@10.34.9
WORKDIR /app
COPY . .
RUN pnpm install --frozen-lockfile
# The web frontends' production builds: the gateway serves the shell, each web-mfe-<x> container one feature app.
# The support chat link is read at build time (docker compose build --build-arg ERP_SUPPORT_CHAT_URL=...).
ARG ERP_SUPPORT_CHAT_URL=
RUN pnpm build:web
ENV NODE_ENV=production
CMD ["sh", "-c", "exec node --import tsx services/runner/src/service-main.ts \"$SERVICE\""]
