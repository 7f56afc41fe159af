/**
 * The Nexus streamlet API: what a streamlet author compiles against. It depends on nothing but
 * the JDK. See {@link io.xtremehub.nexus.api.Streamlet}.
 */
package io.xtremehub.nexus.api;
