package io.xtremehub.autoscaler.act;

/** An actuator could not read or set its knob; the message is one line saying why. */
public final class ActuatorException extends RuntimeException {
    public ActuatorException(String message) {
        super(message);
    }

    public ActuatorException(String message, Throwable cause) {
        super(message, cause);
    }
}
