// Decorator metadata for inversify, as the real entry points load it.
import 'reflect-metadata';
