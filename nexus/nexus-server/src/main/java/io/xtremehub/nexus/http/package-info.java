/** Small HTTP helpers shared by Nexus' S3 middleware, admin API and swarmlet mesh. */
package io.xtremehub.nexus.http;
