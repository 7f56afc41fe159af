/**
 * Small HTTP helpers shared by Nexus' S3 middleware, admin API and swarmlet mesh, and the mesh's
 * HTTP/1.1 server with a thread per connection.
 */
package io.xtremehub.nexus.http;
