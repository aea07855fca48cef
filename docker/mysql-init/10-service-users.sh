# Sourced by the MySQL image's entrypoint on the first start (an empty data volume): one database and one user per
# service, each user allowed on its own database only, its password from the service's docker secret.
for service in identity accounts sales purchases inventory restaurant concrete gateway; do
  password="$(cat "/run/secrets/mysql_${service}")"
  docker_process_sql <<SQL
CREATE DATABASE IF NOT EXISTS \`erp_${service}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER IF NOT EXISTS 'erp_${service}'@'%' IDENTIFIED BY '${password}';
GRANT ALL PRIVILEGES ON \`erp_${service}\`.* TO 'erp_${service}'@'%';
SQL
done
