package dev.twinstack.webflux.config

import kotlin.reflect.KClass
import kotlin.reflect.full.isSubtypeOf
import kotlin.reflect.full.starProjectedType
import kotlin.reflect.jvm.kotlinFunction
import kotlinx.coroutines.flow.Flow
import org.springframework.beans.factory.SmartInitializingSingleton
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty
import org.springframework.context.ApplicationContext
import org.springframework.stereotype.Component
import org.springframework.web.bind.annotation.RestController

/**
 * Does at start-up, before the server accepts a request, the classpath reads that the
 * coroutines stack would otherwise make on the first request's event loop (found by
 * BlockHound): the `ServiceLoader` look-ups in the static initializers of
 * kotlinx-coroutines' Reactive Streams bridge and exception handler, and kotlin-reflect's
 * read of its built-in type metadata, by resolving each Kotlin handler as Spring does
 * (`CoroutinesUtils`: the function, its parameters, their types, the return type).
 */
@Component
@ConditionalOnProperty(name = [StackProperties.PROPERTY], havingValue = StackProperties.COROUTINES)
internal class CoroutineWarmUp(private val context: ApplicationContext) : SmartInitializingSingleton {

	override fun afterSingletonsInstantiated() {
		INITIALIZED.forEach { name -> Class.forName(name, true, javaClass.classLoader) }
		val flow = Flow::class.starProjectedType
		context.getBeansWithAnnotation(RestController::class.java).values
			.flatMap { bean -> bean.javaClass.declaredMethods.toList() }
			.mapNotNull { method -> runCatching { method.kotlinFunction }.getOrNull() }
			.forEach { function ->
				function.parameters.forEach { parameter ->
					parameter.kind
					parameter.isOptional
					parameter.type.isMarkedNullable
					(parameter.type.classifier as? KClass<*>)?.let { type -> type.isValue || type.starProjectedType.isSubtypeOf(flow) }
				}
				(function.returnType.classifier as? KClass<*>)?.starProjectedType?.isSubtypeOf(flow)
			}
	}

	private companion object {

		/** Classes whose static initializer reads `META-INF/services` (kotlinx-coroutines 1.10). */
		val INITIALIZED = listOf("kotlinx.coroutines.reactive.ReactiveFlowKt",
				"kotlinx.coroutines.internal.CoroutineExceptionHandlerImplKt")

	}

}
